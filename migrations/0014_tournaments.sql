CREATE TABLE `period_best_scores` (
	`game_id` integer NOT NULL,
	`period` text NOT NULL,
	`period_start` integer NOT NULL,
	`user_id` integer NOT NULL,
	`score` integer NOT NULL,
	`achieved_at` integer NOT NULL,
	`stats_id` integer,
	PRIMARY KEY(`game_id`, `period`, `period_start`, `user_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `period_best_scores_rank_idx` ON `period_best_scores` (`game_id`,`period`,`period_start`,"score" desc,`achieved_at`,`user_id`);--> statement-breakpoint
CREATE TABLE `tournament_boards` (
	`game_id` integer NOT NULL,
	`period` text NOT NULL,
	`period_start` integer NOT NULL,
	`players` integer,
	`claim` text,
	`closed_at` integer,
	`purged_at` integer,
	PRIMARY KEY(`game_id`, `period`, `period_start`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tournament_boards_open_idx` ON `tournament_boards` (`period`,`period_start`) WHERE "tournament_boards"."claim" is null;--> statement-breakpoint
CREATE INDEX `tournament_boards_unpurged_idx` ON `tournament_boards` (`closed_at`) WHERE "tournament_boards"."claim" is not null and "tournament_boards"."purged_at" is null;--> statement-breakpoint
CREATE TABLE `tournament_prizes` (
	`game_id` integer NOT NULL,
	`period` text NOT NULL,
	`period_start` integer NOT NULL,
	`place` integer NOT NULL,
	`user_id` integer NOT NULL,
	`score` integer NOT NULL,
	`prize` integer NOT NULL,
	PRIMARY KEY(`game_id`, `period`, `period_start`, `place`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
