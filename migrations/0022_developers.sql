CREATE TABLE `game_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`publisher_id` integer NOT NULL,
	`created_by` integer,
	`kind` text NOT NULL,
	`bundle_path` text,
	`external_link` text,
	`file_count` integer DEFAULT 0 NOT NULL,
	`byte_size` integer DEFAULT 0 NOT NULL,
	`meta` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`review_reason` text,
	`reviewed_by` integer,
	`reviewed_at` integer,
	`submitted_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`publisher_id`) REFERENCES `publishers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "game_versions_source" CHECK(("game_versions"."kind" = 'upload' and "game_versions"."external_link" is null) or ("game_versions"."kind" = 'link' and "game_versions"."external_link" is not null and "game_versions"."bundle_path" is null))
);
--> statement-breakpoint
CREATE INDEX `game_versions_game_idx` ON `game_versions` (`game_id`,`id`);--> statement-breakpoint
CREATE INDEX `game_versions_status_idx` ON `game_versions` (`status`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `publisher_invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`publisher_id` integer NOT NULL,
	`email` text NOT NULL,
	`invited_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`publisher_id`) REFERENCES `publishers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `publisher_invites_publisher_email_idx` ON `publisher_invites` (`publisher_id`,`email`);--> statement-breakpoint
CREATE INDEX `publisher_invites_email_idx` ON `publisher_invites` (`email`);--> statement-breakpoint
CREATE TABLE `publisher_members` (
	`publisher_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`publisher_id`, `user_id`),
	FOREIGN KEY (`publisher_id`) REFERENCES `publishers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `publisher_members_user_idx` ON `publisher_members` (`user_id`);--> statement-breakpoint
ALTER TABLE `games` ADD `bundle_path` text;--> statement-breakpoint
ALTER TABLE `games` ADD `orientation` text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `role` text DEFAULT 'player' NOT NULL;