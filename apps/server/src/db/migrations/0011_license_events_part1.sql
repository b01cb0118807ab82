CREATE TABLE "license_device_addresses" (
	"license_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"ip" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "activate_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "unstarted_term_hours" integer;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "device_shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "license_device_addresses" ADD CONSTRAINT "license_device_addresses_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "license_device_addresses_uq" ON "license_device_addresses" USING btree ("license_id","device_id","ip");