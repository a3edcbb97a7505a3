-- ADR 047: the boards' tables keep each row once. A table with a primary key of several columns and a rowid stores
-- every row twice (the table by rowid and the key's automatic index); WITHOUT ROWID stores it once, ordered by the
-- key, which is how every statement reads them. The rank triggers are dropped first and made again unchanged
-- (migration 0012), so no statement runs against a table between its rebuild and its new name. Hand-written:
-- drizzle-kit knows neither triggers nor WITHOUT ROWID, and its snapshot is unchanged.
DROP TRIGGER `best_scores_rank_insert`;--> statement-breakpoint
DROP TRIGGER `best_scores_rank_update`;--> statement-breakpoint
DROP TRIGGER `best_scores_rank_delete`;--> statement-breakpoint
CREATE TABLE `best_scores_new` (
	`game_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`score` integer NOT NULL,
	`achieved_at` integer NOT NULL,
	`stats_id` integer,
	`arrival` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`game_id`, `user_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `best_scores_new` (game_id, user_id, score, achieved_at, stats_id, arrival)
SELECT game_id, user_id, score, achieved_at, stats_id, arrival FROM `best_scores`;--> statement-breakpoint
DROP TABLE `best_scores`;--> statement-breakpoint
ALTER TABLE `best_scores_new` RENAME TO `best_scores`;--> statement-breakpoint
CREATE INDEX `best_scores_rank_idx` ON `best_scores` (`game_id`,"score" desc,`achieved_at`,`user_id`);--> statement-breakpoint
CREATE TABLE `rank_score_counts_new` (
	`game_id` integer NOT NULL,
	`level` integer NOT NULL,
	`prefix` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`game_id`, `level`, `prefix`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `rank_score_counts_new` (game_id, level, prefix, count)
SELECT game_id, level, prefix, count FROM `rank_score_counts`;--> statement-breakpoint
DROP TABLE `rank_score_counts`;--> statement-breakpoint
ALTER TABLE `rank_score_counts_new` RENAME TO `rank_score_counts`;--> statement-breakpoint
CREATE TABLE `rank_arrival_counts_new` (
	`game_id` integer NOT NULL,
	`score` integer NOT NULL,
	`level` integer NOT NULL,
	`prefix` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`game_id`, `score`, `level`, `prefix`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `rank_arrival_counts_new` (game_id, score, level, prefix, count)
SELECT game_id, score, level, prefix, count FROM `rank_arrival_counts`;--> statement-breakpoint
DROP TABLE `rank_arrival_counts`;--> statement-breakpoint
ALTER TABLE `rank_arrival_counts_new` RENAME TO `rank_arrival_counts`;--> statement-breakpoint
CREATE TRIGGER `best_scores_rank_insert` AFTER INSERT ON `best_scores`
BEGIN
  insert into rank_score_counts (game_id, level, prefix, count)
    select new.game_id, column1, new.score >> (3 * column1), 1 from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) where true
    on conflict (game_id, level, prefix) do update set count = count + 1;
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, column1, new.arrival >> (3 * column1), 1 from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) where true
    on conflict (game_id, score, level, prefix) do update set count = count + 1;
END;--> statement-breakpoint
CREATE TRIGGER `best_scores_rank_update` AFTER UPDATE OF score, arrival ON `best_scores`
WHEN old.score <> new.score OR old.arrival <> new.arrival
BEGIN
  update rank_score_counts set count = count - 1
    where game_id = old.game_id and (level, prefix) in (select column1, old.score >> (3 * column1) from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)));
  delete from rank_score_counts
    where game_id = old.game_id and (level, prefix) in (select column1, old.score >> (3 * column1) from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9))) and count = 0;
  update rank_arrival_counts set count = count - 1
    where game_id = old.game_id and score = old.score and (level, prefix) in (select column1, old.arrival >> (3 * column1) from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)));
  delete from rank_arrival_counts
    where game_id = old.game_id and score = old.score and (level, prefix) in (select column1, old.arrival >> (3 * column1) from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9))) and count = 0;
  insert into rank_score_counts (game_id, level, prefix, count)
    select new.game_id, column1, new.score >> (3 * column1), 1 from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) where true
    on conflict (game_id, level, prefix) do update set count = count + 1;
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, column1, new.arrival >> (3 * column1), 1 from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) where true
    on conflict (game_id, score, level, prefix) do update set count = count + 1;
END;--> statement-breakpoint
CREATE TRIGGER `best_scores_rank_delete` AFTER DELETE ON `best_scores`
BEGIN
  update rank_score_counts set count = count - 1
    where game_id = old.game_id and (level, prefix) in (select column1, old.score >> (3 * column1) from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)));
  delete from rank_score_counts
    where game_id = old.game_id and (level, prefix) in (select column1, old.score >> (3 * column1) from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9))) and count = 0;
  update rank_arrival_counts set count = count - 1
    where game_id = old.game_id and score = old.score and (level, prefix) in (select column1, old.arrival >> (3 * column1) from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)));
  delete from rank_arrival_counts
    where game_id = old.game_id and score = old.score and (level, prefix) in (select column1, old.arrival >> (3 * column1) from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9))) and count = 0;
END;
