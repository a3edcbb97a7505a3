CREATE TABLE `match_invites` (
	`code` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`inviter_id` integer NOT NULL,
	`invitee_id` integer,
	`game_id` integer NOT NULL,
	`rematch_of` integer,
	`room_id` text NOT NULL,
	`seed` integer,
	`taken_by` integer,
	`closed_at` integer,
	`closed_by` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`inviter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invitee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rematch_of`) REFERENCES `match_results`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`taken_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `match_invites_room_id_unique` ON `match_invites` (`room_id`);--> statement-breakpoint
CREATE INDEX `match_invites_rematch_idx` ON `match_invites` (`rematch_of`);--> statement-breakpoint
CREATE INDEX `match_invites_inviter_idx` ON `match_invites` (`inviter_id`,`created_at`);