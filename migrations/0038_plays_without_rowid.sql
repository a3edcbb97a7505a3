-- ADR 047: "Recently played" keeps each row once, by its key, as migrations 0031 and 0033 do for the boards and the
-- tables of pairs: with a rowid, the table stored every row twice (the table by its id, and the unique index of the
-- player and the game), and the id ordered nothing a ten-game list needs. The table is rebuilt from its rows and
-- keeps its time index, which the prune walks. Hand-written: drizzle-kit knows no WITHOUT ROWID.
CREATE TABLE `plays_new` (
	`user_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`type` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `game_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `plays_new` (user_id, game_id, type, created_at) SELECT user_id, game_id, type, created_at FROM `plays`;--> statement-breakpoint
DROP TABLE `plays`;--> statement-breakpoint
ALTER TABLE `plays_new` RENAME TO `plays`;--> statement-breakpoint
CREATE INDEX `plays_created_idx` ON `plays` (`created_at`);
