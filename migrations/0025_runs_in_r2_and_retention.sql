CREATE TABLE `db_size_samples` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bytes` integer NOT NULL,
	`tables` text NOT NULL,
	`taken_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `db_size_samples_taken_idx` ON `db_size_samples` (`taken_at`);--> statement-breakpoint
ALTER TABLE `player_moves` ADD `log_bytes` integer;--> statement-breakpoint
CREATE INDEX `player_moves_created_idx` ON `player_moves` (`created_at`);--> statement-breakpoint
CREATE INDEX `player_moves_log_in_d1_idx` ON `player_moves` (`id`) WHERE "player_moves"."input_log" is not null;--> statement-breakpoint
CREATE INDEX `events_created_idx` ON `events` (`created_at`);--> statement-breakpoint
CREATE INDEX `plays_created_idx` ON `plays` (`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_log_target_idx` ON `moderation_log` (`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `game_stats_created_idx` ON `game_stats` (`created_at`);--> statement-breakpoint
CREATE INDEX `scores_created_idx` ON `scores` (`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_created_idx` ON `notifications` (`created_at`);