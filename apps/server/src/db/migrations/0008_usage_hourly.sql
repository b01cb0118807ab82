CREATE TABLE "usage_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"shard" smallint NOT NULL,
	"events" bigint NOT NULL,
	CONSTRAINT "usage_hourly_kind_hour_shard_pk" PRIMARY KEY("kind","hour","shard")
);
--> statement-breakpoint
-- Every insert into usage_events adds its rows to their UTC hour in usage_hourly, in the same
-- statement and transaction: whoever inserts (the licence server, the demo seeder, a restore, a
-- hand in psql), the counts stay exact. Rows are taken in key order so two statements never lock
-- the same rows in opposite orders. The shard is the connection's: concurrent reports from many
-- booths land on a few rows of the current hour, not one.
CREATE FUNCTION lbs_usage_hourly_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO usage_hourly AS h (hour, kind, shard, events)
	SELECT date_trunc('hour', occurred_at, 'UTC'), kind, (pg_backend_pid() % 4)::smallint, count(*)
	FROM new_rows GROUP BY 1, 2 ORDER BY 2, 1
	ON CONFLICT (kind, hour, shard) DO UPDATE SET events = h.events + excluded.events;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lbs_usage_hourly_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO usage_hourly AS h (hour, kind, shard, events)
	SELECT date_trunc('hour', occurred_at, 'UTC'), kind, (pg_backend_pid() % 4)::smallint, -count(*)
	FROM old_rows GROUP BY 1, 2 ORDER BY 2, 1
	ON CONFLICT (kind, hour, shard) DO UPDATE SET events = h.events + excluded.events;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lbs_usage_hourly_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM usage_hourly;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "usage_events_count_insert" AFTER INSERT ON "usage_events"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_usage_hourly_add();
--> statement-breakpoint
-- An update (events are append-only; a hand fixing one) takes the old rows out and the new in.
CREATE TRIGGER "usage_events_count_update_out" AFTER UPDATE ON "usage_events"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_usage_hourly_remove();
--> statement-breakpoint
CREATE TRIGGER "usage_events_count_update_in" AFTER UPDATE ON "usage_events"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_usage_hourly_add();
--> statement-breakpoint
CREATE TRIGGER "usage_events_count_delete" AFTER DELETE ON "usage_events"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_usage_hourly_remove();
--> statement-breakpoint
CREATE TRIGGER "usage_events_count_truncate" AFTER TRUNCATE ON "usage_events"
	FOR EACH STATEMENT EXECUTE FUNCTION lbs_usage_hourly_clear();
--> statement-breakpoint
-- The events already stored, counted once (shard 0).
INSERT INTO usage_hourly (hour, kind, shard, events)
SELECT date_trunc('hour', occurred_at, 'UTC'), kind, 0, count(*) FROM usage_events GROUP BY 1, 2;
