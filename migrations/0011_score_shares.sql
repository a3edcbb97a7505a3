CREATE TABLE `score_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`score_id` integer,
	`match_id` integer,
	`score` integer NOT NULL,
	`player_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`score_id`) REFERENCES `scores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`match_id`) REFERENCES `match_results`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "score_shares_one_result" CHECK(("score_shares"."score_id" is null) <> ("score_shares"."match_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `score_shares_score_idx` ON `score_shares` (`score_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `score_shares_match_player_idx` ON `score_shares` (`match_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `score_shares_user_idx` ON `score_shares` (`user_id`,`created_at`);