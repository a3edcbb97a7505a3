ALTER TABLE `best_scores` ADD `stats_id` integer;--> statement-breakpoint
ALTER TABLE `challenges` ADD `round_stats_id` integer;--> statement-breakpoint
ALTER TABLE `game_stats` ADD `seed` integer;--> statement-breakpoint
ALTER TABLE `game_stats` ADD `room_id` text;--> statement-breakpoint
ALTER TABLE `player_moves` ADD `seed` integer;--> statement-breakpoint
ALTER TABLE `player_moves` ADD `input_log` text;--> statement-breakpoint
ALTER TABLE `player_moves` ADD `steps` integer;