CREATE TABLE `rank_arrival_counts` (
	`game_id` integer NOT NULL,
	`score` integer NOT NULL,
	`level` integer NOT NULL,
	`prefix` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`game_id`, `score`, `level`, `prefix`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rank_score_counts` (
	`game_id` integer NOT NULL,
	`level` integer NOT NULL,
	`prefix` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`game_id`, `level`, `prefix`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `best_scores` ADD `arrival` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- ADR 020. Hand-written below: drizzle-kit knows no triggers. Arrivals of existing best scores follow the tie rule
-- (reached first, then the lower player id); the count trees are built from them in one pass each, and from here on
-- kept by triggers in the same statement that writes best_scores (a submission's upsert, or a cascade delete).
-- The levels 0 … 9 cover scores and arrivals below 2^30 with at most 7 siblings a level; the top level is read
-- without an upper bound, so larger values stay correct.
UPDATE `best_scores` SET `arrival` = ranked.n
FROM (
  SELECT game_id, user_id, row_number() OVER (PARTITION BY game_id, score ORDER BY achieved_at, user_id) AS n
  FROM best_scores
) AS ranked
WHERE best_scores.game_id = ranked.game_id AND best_scores.user_id = ranked.user_id;--> statement-breakpoint
DELETE FROM `rank_score_counts`;--> statement-breakpoint
INSERT INTO `rank_score_counts` (game_id, level, prefix, count)
SELECT game_id, column1, score >> (3 * column1), count(*)
FROM best_scores, (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9))
GROUP BY 1, 2, 3;--> statement-breakpoint
DELETE FROM `rank_arrival_counts`;--> statement-breakpoint
INSERT INTO `rank_arrival_counts` (game_id, score, level, prefix, count)
SELECT game_id, score, column1, arrival >> (3 * column1), count(*)
FROM best_scores, (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9))
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
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
