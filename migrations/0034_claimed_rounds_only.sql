-- ADR 047: the index of claimed visitors' rounds keeps those alone; every other session had an entry of null.
DROP INDEX `game_stats_visitor_round_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `game_stats_visitor_round_idx` ON `game_stats` (`visitor_round_id`) WHERE "game_stats"."visitor_round_id" is not null;