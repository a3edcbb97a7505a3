ALTER TABLE `scores` ADD `review` text;--> statement-breakpoint
ALTER TABLE `scores` ADD `review_note` text;--> statement-breakpoint
CREATE INDEX `scores_review_idx` ON `scores` (`review`,`created_at`);