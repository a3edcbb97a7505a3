-- ADR 047: two indexes nothing reads. Every read of game_stats by player alone, and a deleted account's cascade, use
-- game_stats_user_game_idx's prefix; events are read by game (a developer's dashboard) and pruned by time, never by
-- name across games. One write less a play session and an event, and their bytes.
DROP INDEX `events_name_idx`;--> statement-breakpoint
DROP INDEX `game_stats_user_idx`;