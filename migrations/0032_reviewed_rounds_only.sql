-- ADR 047: the held queue's index keeps reviewed rounds only; nearly every round has no review and was an entry of its own.
DROP INDEX `scores_review_idx`;--> statement-breakpoint
CREATE INDEX `scores_review_idx` ON `scores` (`review`,`created_at`) WHERE "scores"."review" is not null;