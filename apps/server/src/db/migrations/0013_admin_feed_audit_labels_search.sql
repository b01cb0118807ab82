CREATE TABLE "admin_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"subject_user_id" integer,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "subject_user_id" integer;--> statement-breakpoint
ALTER TABLE "admin_notifications" ADD CONSTRAINT "admin_notifications_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_notifications_created_idx" ON "admin_notifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_notifications_unread_idx" ON "admin_notifications" USING btree ("created_at") WHERE is_read = false;--> statement-breakpoint
CREATE INDEX "admin_notifications_subject_idx" ON "admin_notifications" USING btree ("subject_user_id","created_at");--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_subject_idx" ON "admin_audit" USING btree ("subject_user_id","created_at") WHERE subject_user_id is not null;--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_prefix_idx" ON "users" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
-- The feed's size for its list, counted as rows come and go (as 0010 does for the other lists).
CREATE TRIGGER "admin_notifications_count_insert" AFTER INSERT ON "admin_notifications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "admin_notifications_count_delete" AFTER DELETE ON "admin_notifications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "admin_notifications_count_truncate" AFTER TRUNCATE ON "admin_notifications" FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
-- The admins' copies of one event (written by one INSERT … SELECT, so they share type, text and
-- created_at) become the one row of the admins' feed; read or done if any admin had made it so.
INSERT INTO "admin_notifications" ("type", "title", "message", "is_read", "is_done", "created_at")
SELECT n."type", n."title", n."message", bool_or(n."is_read"), bool_or(n."is_done"), n."created_at"
FROM "notifications" n JOIN "users" u ON u."id" = n."user_id"
WHERE u."role" <> 'user'
GROUP BY n."type", n."title", n."message", n."created_at";--> statement-breakpoint
DELETE FROM "notifications" n USING "users" u WHERE u."id" = n."user_id" AND u."role" <> 'user';
