DROP INDEX `game_stats_user_game_idx`;--> statement-breakpoint
CREATE INDEX `game_stats_user_game_idx` ON `game_stats` (`user_id`,`game_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `games` ADD `prize_min_score` integer;--> statement-breakpoint
ALTER TABLE `tournament_boards` ADD `eligible` integer;