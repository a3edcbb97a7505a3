ALTER TABLE `rate_limits` ADD `ceiling` integer;--> statement-breakpoint
-- ADR 025 "The one writer": a count that would pass its ceiling aborts its statement and so its whole batch, which
-- lets a request count its limits in the same transaction as the write they guard.
CREATE TRIGGER `rate_limits_ceiling_insert` BEFORE INSERT ON `rate_limits`
WHEN NEW.`ceiling` IS NOT NULL AND NEW.`count` > NEW.`ceiling`
BEGIN SELECT RAISE(ABORT, 'rate_limit_ceiling'); END;--> statement-breakpoint
CREATE TRIGGER `rate_limits_ceiling_update` BEFORE UPDATE ON `rate_limits`
WHEN NEW.`ceiling` IS NOT NULL AND NEW.`count` > NEW.`ceiling`
BEGIN SELECT RAISE(ABORT, 'rate_limit_ceiling'); END;
