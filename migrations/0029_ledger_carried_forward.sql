CREATE INDEX `ledger_created_idx` ON `ledger` (`created_at`);--> statement-breakpoint
-- ADR 047: a row that carries forward the sum of older rows it replaces moves no coins; every other row still does.
DROP TRIGGER `ledger_applies_to_wallet`;--> statement-breakpoint
CREATE TRIGGER `ledger_applies_to_wallet` AFTER INSERT ON `ledger`
WHEN NEW.`reason` <> 'carried_forward'
BEGIN
  UPDATE `users` SET `wallet` = `wallet` + NEW.`amount` WHERE `id` = NEW.`user_id`;
END;
