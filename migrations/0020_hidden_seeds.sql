ALTER TABLE `game_stats` ADD `hidden_seed` integer;--> statement-breakpoint
ALTER TABLE `visitor_rounds` ADD `hidden_seed` integer;