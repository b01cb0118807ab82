-- Every process keeps signed-in sessions in memory for a few seconds (plugins/session-cache.ts).
-- Whatever revokes a session or changes a user (sign-out, a password reset, a role change, made
-- by any process or by hand in psql) tells them all on commit, so none serves a stale copy.
CREATE FUNCTION lbs_signal_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- TG_ARGV[0]: the column holding the user id (users.id, sessions.user_id).
	PERFORM pg_notify('lbs_sessions', to_jsonb(OLD) ->> TG_ARGV[0]);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_signal_change" AFTER UPDATE OF "revoked_at", "expires_at", "user_id" OR DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION lbs_signal_session_change('user_id');
--> statement-breakpoint
CREATE TRIGGER "users_signal_change" AFTER UPDATE OR DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION lbs_signal_session_change('id');
--> statement-breakpoint
-- The public catalogue is served from memory (modules/catalogue/catalogue-cache.ts); any change to
-- the products table, by whatever writer, makes every process reload it after the commit.
CREATE FUNCTION lbs_signal_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('lbs_catalogue', '');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_signal_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION lbs_signal_catalogue_change();
