CREATE TABLE `visitor_rounds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`seed` integer NOT NULL,
	`token_hash` text NOT NULL,
	`score` integer,
	`input_log` text,
	`play_time` integer,
	`finished_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `visitor_rounds_created_idx` ON `visitor_rounds` (`created_at`);--> statement-breakpoint
ALTER TABLE `game_stats` ADD `visitor_round_id` integer REFERENCES visitor_rounds(id);--> statement-breakpoint
CREATE UNIQUE INDEX `game_stats_visitor_round_idx` ON `game_stats` (`visitor_round_id`);