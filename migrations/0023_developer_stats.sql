ALTER TABLE `events` ADD `game_id` integer;--> statement-breakpoint
CREATE INDEX `events_game_idx` ON `events` (`game_id`,`name`,`created_at`);--> statement-breakpoint
CREATE INDEX `game_stats_game_idx` ON `game_stats` (`game_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `game_stats_game_user_idx` ON `game_stats` (`game_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `visitor_rounds_game_idx` ON `visitor_rounds` (`game_id`,`created_at`);