DROP INDEX `plays_user_idx`;--> statement-breakpoint
-- ADR 047. Hand-written: "Recently played" keeps one row a player and game. Each pair's latest start stays (the
-- highest id among its latest times), every earlier one goes, and from here on a start moves the row (recordPlay).
DELETE FROM `plays` WHERE `id` NOT IN (
  SELECT (SELECT `id` FROM `plays` AS `p` WHERE `p`.`user_id` = `k`.`user_id` AND `p`.`game_id` = `k`.`game_id`
          ORDER BY `p`.`created_at` DESC, `p`.`id` DESC LIMIT 1)
  FROM (SELECT DISTINCT `user_id`, `game_id` FROM `plays`) AS `k`
);--> statement-breakpoint
CREATE UNIQUE INDEX `plays_user_game_idx` ON `plays` (`user_id`,`game_id`);
