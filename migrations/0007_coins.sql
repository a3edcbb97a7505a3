CREATE TABLE `challenges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`from_user_id` integer NOT NULL,
	`to_user_id` integer NOT NULL,
	`bet_amount` integer NOT NULL,
	`message` text NOT NULL,
	`score` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`acceptor_score` integer,
	`winner_id` integer,
	`claim` text,
	`accepted_at` integer,
	`settled_at` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "challenges_bet_positive" CHECK("challenges"."bet_amount" > 0 and "challenges"."bet_amount" % 5 = 0),
	CONSTRAINT "challenges_not_self" CHECK("challenges"."from_user_id" <> "challenges"."to_user_id")
);
--> statement-breakpoint
CREATE INDEX `challenges_to_idx` ON `challenges` (`to_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `challenges_from_idx` ON `challenges` (`from_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `challenges_expiry_idx` ON `challenges` (`status`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `challenges_open_idx` ON `challenges` (`from_user_id`,`to_user_id`,`game_id`) WHERE status in ('pending', 'accepted');--> statement-breakpoint
CREATE TABLE `ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`reference` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ledger_amount_not_zero" CHECK("ledger"."amount" <> 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_user_reference_idx` ON `ledger` (`user_id`,`reference`);--> statement-breakpoint
CREATE INDEX `ledger_user_reason_time_idx` ON `ledger` (`user_id`,`reason`,`created_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`content` text NOT NULL,
	`data` text NOT NULL,
	`read_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `last_bonus_on` text;--> statement-breakpoint
-- Balances from before the ledger become its first rows, so every balance equals the sum of its ledger.
INSERT INTO `ledger` (`user_id`, `amount`, `reason`, `reference`) SELECT `id`, `wallet`, 'opening_balance', 'opening-balance' FROM `users` WHERE `wallet` > 0;--> statement-breakpoint
-- From here on a balance changes only with a ledger row, in the same statement; users' CHECK (wallet >= 0)
-- aborts the whole batch when a row would take a balance below zero.
CREATE TRIGGER `ledger_applies_to_wallet` AFTER INSERT ON `ledger`
BEGIN
  UPDATE `users` SET `wallet` = `wallet` + NEW.`amount` WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `ledger_is_append_only` BEFORE UPDATE ON `ledger`
BEGIN
  SELECT RAISE(ABORT, 'ledger rows are never changed');
END;
