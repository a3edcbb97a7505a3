CREATE TABLE `best_scores` (
	`game_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`score` integer NOT NULL,
	`achieved_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `user_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `best_scores_rank_idx` ON `best_scores` (`game_id`,"score" desc,`achieved_at`,`user_id`);--> statement-breakpoint
CREATE TABLE `game_stats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`game_type` integer DEFAULT 0 NOT NULL,
	`play_time` integer,
	`score` integer,
	`scored_at` integer,
	`ended_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_stats_user_idx` ON `game_stats` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `game_stats_user_game_idx` ON `game_stats` (`user_id`,`game_id`);--> statement-breakpoint
CREATE TABLE `player_moves` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stats_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`score` integer NOT NULL,
	`moves` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`stats_id`) REFERENCES `game_stats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `player_moves_stats_id_unique` ON `player_moves` (`stats_id`);--> statement-breakpoint
CREATE INDEX `player_moves_game_idx` ON `player_moves` (`game_id`,`created_at`);--> statement-breakpoint
DROP INDEX `scores_game_score_idx`;--> statement-breakpoint
DROP INDEX `scores_user_game_idx`;--> statement-breakpoint
ALTER TABLE `scores` ADD `stats_id` integer REFERENCES game_stats(id);--> statement-breakpoint
CREATE UNIQUE INDEX `scores_stats_idx` ON `scores` (`stats_id`);--> statement-breakpoint
CREATE INDEX `scores_user_time_idx` ON `scores` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `scores_user_game_idx` ON `scores` (`user_id`,`game_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `games` ADD `max_score_rate` real;