ALTER TABLE "licenses" ADD COLUMN "reminder_stage" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "renews_license_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "renewed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_renews_license_id_licenses_id_fk" FOREIGN KEY ("renews_license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licenses_reminder_due_idx" ON "licenses" USING btree ("expires_at","reminder_stage") WHERE reminder_stage < 3 and revoked_at is null;--> statement-breakpoint
-- Keys issued before reminders existed: none for a key already ended, and, as for a new key, none
-- whose moment had already come when its term started (initialReminderStage in the domain).
UPDATE "licenses" SET "reminder_stage" = CASE
  WHEN "expires_at" <= now() THEN 3
  WHEN "expires_at" - "start_at" <= interval '1 day' THEN 2
  WHEN "expires_at" - "start_at" <= interval '7 days' THEN 1
  ELSE 0
END
WHERE "expires_at" IS NOT NULL;
