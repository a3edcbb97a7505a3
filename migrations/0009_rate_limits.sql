CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_ends_at` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`window_ends_at`);--> statement-breakpoint
ALTER TABLE `upload_tokens` ADD `bytes` integer;--> statement-breakpoint
CREATE INDEX `upload_tokens_user_idx` ON `upload_tokens` (`user_id`);