-- ADR 020, "Levels on demand": the arrival tree opens level L (L >= 1) of a score only once a player there has an
-- arrival of 8^L or more. Below that, every arrival's digit at level L is 0 and the rank reads none of the level's
-- nodes, yet the triggers of migration 0012 kept a node on each of the ten levels for every score held: ten rows for a
-- score one player holds, where one is read. A level opens with its first node counting the players already there
-- (the sum of the level below, at most 8 rows), and an open level counts every arrival, as before. The rank query is
-- unchanged. The levels open from the bottom, one statement each, so a level opens from a whole level below it.
-- Hand-written: drizzle-kit knows no triggers, and no table changes shape.
DROP TRIGGER `best_scores_rank_insert`;--> statement-breakpoint
DROP TRIGGER `best_scores_rank_update`;--> statement-breakpoint
DELETE FROM `rank_arrival_counts`
WHERE level > 0 AND NOT EXISTS (
  SELECT 1 FROM `best_scores` b
  WHERE b.game_id = rank_arrival_counts.game_id AND b.score = rank_arrival_counts.score
    AND b.arrival >> (3 * rank_arrival_counts.level) > 0
);--> statement-breakpoint
CREATE TRIGGER `best_scores_rank_insert` AFTER INSERT ON `best_scores`
BEGIN
  insert into rank_score_counts (game_id, level, prefix, count)
    select new.game_id, column1, new.score >> (3 * column1), 1 from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) where true
    on conflict (game_id, level, prefix) do update set count = count + 1;
  insert into rank_arrival_counts (game_id, score, level, prefix, count)
    select new.game_id, new.score, 1, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 0 and prefix < 8)
    where new.arrival >> 3 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 0 and prefix < 8) > 0
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
    select new.game_id, new.score, column1, new.arrival >> (3 * column1), 1 from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9))
    where column1 = 0 or new.arrival >> (3 * column1) > 0 or exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = column1)
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
    select new.game_id, new.score, 1, 0, (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 0 and prefix < 8)
    where new.arrival >> 3 > 0 and (select sum(count) from rank_arrival_counts where game_id = new.game_id and score = new.score and level = 0 and prefix < 8) > 0
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
    select new.game_id, new.score, column1, new.arrival >> (3 * column1), 1 from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9))
    where column1 = 0 or new.arrival >> (3 * column1) > 0 or exists (select 1 from rank_arrival_counts where game_id = new.game_id and score = new.score and level = column1)
    on conflict (game_id, score, level, prefix) do update set count = count + 1;
END;
