CREATE TABLE "booth_names" (
	"user_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booth_names_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "license_offline_activations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"license_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"device_name" text,
	"nonce" text NOT NULL,
	"request_expires_at" timestamp with time zone NOT NULL,
	"lease_expires_at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"by_admin" boolean DEFAULT false NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_device_hourly" (
	"license_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"successes" bigint NOT NULL,
	"errors" bigint NOT NULL,
	CONSTRAINT "usage_device_hourly_license_id_device_id_hour_pk" PRIMARY KEY("license_id","device_id","hour")
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booth_names" ADD CONSTRAINT "booth_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_offline_activations" ADD CONSTRAINT "license_offline_activations_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_offline_activations" ADD CONSTRAINT "license_offline_activations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "license_offline_activations_license_nonce_uq" ON "license_offline_activations" USING btree ("license_id","nonce");--> statement-breakpoint
CREATE INDEX "license_offline_activations_license_idx" ON "license_offline_activations" USING btree ("license_id","created_at");--> statement-breakpoint
CREATE INDEX "usage_device_hourly_device_hour_idx" ON "usage_device_hourly" USING btree ("device_id","hour");--> statement-breakpoint
CREATE INDEX "licenses_user_device_idx" ON "licenses" USING btree ("user_id","device_id") WHERE device_id is not null;--> statement-breakpoint
-- usage_device_hourly is kept like usage_hourly (0008): every statement that inserts, updates or
-- deletes usage events adds or takes out its rows' counts per licence, device and UTC hour, in the
-- same transaction, whoever writes. Rows in key order, so two statements never lock the same rows
-- in opposite orders. Events without a licence (it was deleted) are not counted.
CREATE FUNCTION lbs_usage_device_hourly_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO usage_device_hourly AS h (license_id, device_id, hour, successes, errors)
	SELECT license_id, device_id, date_trunc('hour', occurred_at, 'UTC'),
		count(*) FILTER (WHERE kind = 'success'), count(*) FILTER (WHERE kind = 'error')
	FROM new_rows WHERE license_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT (license_id, device_id, hour) DO UPDATE
	SET successes = h.successes + excluded.successes, errors = h.errors + excluded.errors;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lbs_usage_device_hourly_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO usage_device_hourly AS h (license_id, device_id, hour, successes, errors)
	SELECT license_id, device_id, date_trunc('hour', occurred_at, 'UTC'),
		-count(*) FILTER (WHERE kind = 'success'), -count(*) FILTER (WHERE kind = 'error')
	FROM old_rows WHERE license_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT (license_id, device_id, hour) DO UPDATE
	SET successes = h.successes + excluded.successes, errors = h.errors + excluded.errors;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lbs_usage_device_hourly_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM usage_device_hourly;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "usage_events_device_count_insert" AFTER INSERT ON "usage_events"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_usage_device_hourly_add();
--> statement-breakpoint
CREATE TRIGGER "usage_events_device_count_update_out" AFTER UPDATE ON "usage_events"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_usage_device_hourly_remove();
--> statement-breakpoint
CREATE TRIGGER "usage_events_device_count_update_in" AFTER UPDATE ON "usage_events"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_usage_device_hourly_add();
--> statement-breakpoint
CREATE TRIGGER "usage_events_device_count_delete" AFTER DELETE ON "usage_events"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_usage_device_hourly_remove();
--> statement-breakpoint
CREATE TRIGGER "usage_events_device_count_truncate" AFTER TRUNCATE ON "usage_events"
	FOR EACH STATEMENT EXECUTE FUNCTION lbs_usage_device_hourly_clear();
--> statement-breakpoint
-- The events already stored, counted once.
INSERT INTO usage_device_hourly (license_id, device_id, hour, successes, errors)
SELECT license_id, device_id, date_trunc('hour', occurred_at, 'UTC'),
	count(*) FILTER (WHERE kind = 'success'), count(*) FILTER (WHERE kind = 'error')
FROM usage_events WHERE license_id IS NOT NULL GROUP BY 1, 2, 3;
