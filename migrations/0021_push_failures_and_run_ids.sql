ALTER TABLE `push_subscriptions` ADD `failed_at` integer;--> statement-breakpoint
-- Hand-written (issue #29): SQLite cannot add a NOT NULL column to a table with rows, nor one whose default is not
-- constant. The column is added nullable, every kept run gets a random id (96 bits, 24 hex characters), and the
-- Worker gives each new run one (`newRunId`, through drizzle's $defaultFn).
ALTER TABLE `player_moves` ADD `public_id` text;--> statement-breakpoint
UPDATE `player_moves` SET `public_id` = lower(hex(randomblob(12))) WHERE `public_id` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `player_moves_public_id_idx` ON `player_moves` (`public_id`);--> statement-breakpoint
CREATE INDEX `challenges_round_idx` ON `challenges` (`round_stats_id`);
