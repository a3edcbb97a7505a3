CREATE TABLE `follows` (
	`follower_id` integer NOT NULL,
	`followee_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`follower_id`, `followee_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`followee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `follows_followee_idx` ON `follows` (`followee_id`);--> statement-breakpoint
CREATE TABLE `match_results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`room_id` text,
	`stats_id` integer,
	`player_one_id` integer NOT NULL,
	`player_one_score` integer NOT NULL,
	`player_two_id` integer,
	`player_two_score` integer NOT NULL,
	`bot_run_id` integer,
	`bot_name` text,
	`bot_profile_pic` text,
	`status` integer DEFAULT 1 NOT NULL,
	`left_user_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stats_id`) REFERENCES `game_stats`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`player_one_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_two_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bot_run_id`) REFERENCES `player_moves`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `match_results_room_id_unique` ON `match_results` (`room_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `match_results_stats_id_unique` ON `match_results` (`stats_id`);--> statement-breakpoint
CREATE INDEX `match_results_player_one_idx` ON `match_results` (`player_one_id`);--> statement-breakpoint
CREATE INDEX `match_results_player_two_idx` ON `match_results` (`player_two_id`);