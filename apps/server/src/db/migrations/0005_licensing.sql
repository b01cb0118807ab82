CREATE TABLE "license_deactivations" (
	"id" serial PRIMARY KEY NOT NULL,
	"license_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "key_hash" text GENERATED ALWAYS AS (encode(sha256(license_key::bytea), 'hex')) STORED;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "device_name" text;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "last_app_version" text;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "last_validated_ip" text;--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "license_deactivations" ADD CONSTRAINT "license_deactivations_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_deactivations_license_idx" ON "license_deactivations" USING btree ("license_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_key_hash_uq" ON "licenses" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_events_license_event_uq" ON "usage_events" USING btree ("license_id","event_id");