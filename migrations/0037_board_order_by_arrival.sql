-- ADR 020, "Level 0 in the rank index": a board orders a tie by arrival, the order the rounds' batches committed
-- (achieved_at followed it, a millisecond apart, only so that the index could order by time). With arrival in the
-- rank index, the tied players ahead of a player within their group of eight arrivals are at most seven index rows,
-- counted where the board is read, and the arrival tree drops its level 0, a row a best score. Existing arrivals
-- already follow (achieved_at, user_id) within a score (migration 0012's backfill, then the round's write), so the
-- boards keep their order. Hand-written below the index: drizzle-kit knows no triggers.
DROP INDEX `best_scores_rank_idx`;--> statement-breakpoint
CREATE INDEX `best_scores_rank_idx` ON `best_scores` (`game_id`,"score" desc,`arrival`,`user_id`);--> statement-breakpoint
DROP TRIGGER `best_scores_rank_insert`;--> statement-breakpoint
DROP TRIGGER `best_scores_rank_update`;--> statement-breakpoint
DROP TRIGGER `best_scores_rank_delete`;--> statement-breakpoint
DELETE FROM `rank_arrival_counts` WHERE level = 0;--> statement-breakpoint
CREATE TRIGGER `best_scores_rank_insert` AFTER INSERT ON `best_scores`
BEGIN
  insert into rank_score_counts (game_id, level, prefix, count)
    select new.game_id, column1, new.score >> (3 * column1), 1 from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) where true
    on conflict (game_id, level, prefix) do update set count = count + 1;
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 1, 0, (select count(*) from best_scores where game_id = new.game_id and score = new.score and arrival < 8)
    where new.arrival >> 3 > 0 and (select count(*) from best_scores where game_id = new.game_id and score = new.score and arrival < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 1);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 2, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 1 and prefix < 8)
    where new.arrival >> 6 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 1 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 2);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 3, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 2 and prefix < 8)
    where new.arrival >> 9 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 2 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 3);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 4, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 3 and prefix < 8)
    where new.arrival >> 12 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 3 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 4);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 5, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 4 and prefix < 8)
    where new.arrival >> 15 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 4 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 5);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 6, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 5 and prefix < 8)
    where new.arrival >> 18 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 5 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 6);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 7, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 6 and prefix < 8)
    where new.arrival >> 21 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 6 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 7);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 8, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 7 and prefix < 8)
    where new.arrival >> 24 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 7 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 8);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 9, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 8 and prefix < 8)
    where new.arrival >> 27 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 8 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 9);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, column1, new.arrival >> (3 * column1), 1 from (values (1), (2), (3), (4), (5), (6), (7), (8), (9))
    where new.arrival >> (3 * column1) > 0 or exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = column1)
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
    where game_id = old.game_id and score = old.score and (level, prefix) in (select column1, old.arrival >> (3 * column1) from (values (1), (2), (3), (4), (5), (6), (7), (8), (9)));
  delete from rank_arrival_counts
    where game_id = old.game_id and score = old.score and (level, prefix) in (select column1, old.arrival >> (3 * column1) from (values (1), (2), (3), (4), (5), (6), (7), (8), (9))) and count = 0;
  insert into rank_score_counts (game_id, level, prefix, count)
    select new.game_id, column1, new.score >> (3 * column1), 1 from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) where true
    on conflict (game_id, level, prefix) do update set count = count + 1;
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 1, 0, (select count(*) from best_scores where game_id = new.game_id and score = new.score and arrival < 8)
    where new.arrival >> 3 > 0 and (select count(*) from best_scores where game_id = new.game_id and score = new.score and arrival < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 1);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 2, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 1 and prefix < 8)
    where new.arrival >> 6 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 1 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 2);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 3, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 2 and prefix < 8)
    where new.arrival >> 9 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 2 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 3);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 4, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 3 and prefix < 8)
    where new.arrival >> 12 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 3 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 4);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 5, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 4 and prefix < 8)
    where new.arrival >> 15 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 4 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 5);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 6, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 5 and prefix < 8)
    where new.arrival >> 18 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 5 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 6);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 7, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 6 and prefix < 8)
    where new.arrival >> 21 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 6 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 7);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 8, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 7 and prefix < 8)
    where new.arrival >> 24 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 7 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 8);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 9, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 8 and prefix < 8)
    where new.arrival >> 27 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 8 and prefix < 8) > 0
      and not exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 9);
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, column1, new.arrival >> (3 * column1), 1 from (values (1), (2), (3), (4), (5), (6), (7), (8), (9))
    where new.arrival >> (3 * column1) > 0 or exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = column1)
    on conflict (game_id, score, level, prefix) do update set count = count + 1;
END;--> statement-breakpoint
CREATE TRIGGER `best_scores_rank_delete` AFTER DELETE ON `best_scores`
BEGIN
  update rank_score_counts set count = count - 1
    where game_id = old.game_id and (level, prefix) in (select column1, old.score >> (3 * column1) from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)));
  delete from rank_score_counts
    where game_id = old.game_id and (level, prefix) in (select column1, old.score >> (3 * column1) from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9))) and count = 0;
  update rank_arrival_counts set count = count - 1
    where game_id = old.game_id and score = old.score and (level, prefix) in (select column1, old.arrival >> (3 * column1) from (values (1), (2), (3), (4), (5), (6), (7), (8), (9)));
  delete from rank_arrival_counts
    where game_id = old.game_id and score = old.score and (level, prefix) in (select column1, old.arrival >> (3 * column1) from (values (1), (2), (3), (4), (5), (6), (7), (8), (9))) and count = 0;
END;
