-- ADR 047: the tables of pairs (who follows whom, likes, ratings, saved games) keep each row once, by its key, as
-- migration 0031 does for the boards: with a rowid, a primary key of two columns stored every row twice. Each table
-- is rebuilt from its rows and keeps its other index. Hand-written: drizzle-kit knows no WITHOUT ROWID.
CREATE TABLE `follows_new` (
	`follower_id` integer NOT NULL,
	`followee_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`follower_id`, `followee_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`followee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `follows_new` (follower_id, followee_id, created_at) SELECT follower_id, followee_id, created_at FROM `follows`;--> statement-breakpoint
DROP TABLE `follows`;--> statement-breakpoint
ALTER TABLE `follows_new` RENAME TO `follows`;--> statement-breakpoint
CREATE INDEX `follows_followee_idx` ON `follows` (`followee_id`);--> statement-breakpoint
CREATE TABLE `likes_new` (
	`user_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `game_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `likes_new` (user_id, game_id, created_at) SELECT user_id, game_id, created_at FROM `likes`;--> statement-breakpoint
DROP TABLE `likes`;--> statement-breakpoint
ALTER TABLE `likes_new` RENAME TO `likes`;--> statement-breakpoint
CREATE INDEX `likes_game_idx` ON `likes` (`game_id`);--> statement-breakpoint
CREATE TABLE `ratings_new` (
	`user_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`value` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `game_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ratings_value_range" CHECK(`value` between 1 and 5)
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `ratings_new` (user_id, game_id, value, created_at) SELECT user_id, game_id, value, created_at FROM `ratings`;--> statement-breakpoint
DROP TABLE `ratings`;--> statement-breakpoint
ALTER TABLE `ratings_new` RENAME TO `ratings`;--> statement-breakpoint
CREATE INDEX `ratings_game_idx` ON `ratings` (`game_id`);--> statement-breakpoint
CREATE TABLE `saved_games_new` (
	`user_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `game_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `saved_games_new` (user_id, game_id, created_at) SELECT user_id, game_id, created_at FROM `saved_games`;--> statement-breakpoint
DROP TABLE `saved_games`;--> statement-breakpoint
ALTER TABLE `saved_games_new` RENAME TO `saved_games`;
