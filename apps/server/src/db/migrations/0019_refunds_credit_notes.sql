CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_note_no" integer NOT NULL,
	"refund_id" uuid NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_id" integer,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"reason" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"refund_id" uuid NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "refund_lines_refund_id_order_line_id_pk" PRIMARY KEY("refund_id","order_line_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"origin" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"failure_reason" text,
	"actor_id" integer,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "local_payment_sessions" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "renewed_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "renewed_from_term_hours" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_no_uq" ON "credit_notes" USING btree ("credit_note_no");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_refund_uq" ON "credit_notes" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "credit_notes_user_issued_idx" ON "credit_notes" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "credit_notes_issued_idx" ON "credit_notes" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refund_lines_order_line_idx" ON "refund_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_uq" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_succeeded_idx" ON "refunds" USING btree ("succeeded_at") WHERE state = 'succeeded';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_intent_uq" ON "orders" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "orders_was_paid_created_idx" ON "orders" USING btree ("created_at") WHERE paid_at is not null;--> statement-breakpoint
-- Keys revoked before this migration were revoked by an admin (refunds did not exist).
UPDATE "licenses" SET "revoked_reason" = 'admin' WHERE "revoked_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("refunded_cents" >= 0 AND "refunded_cents" <= "total_cents");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_positive" CHECK ("amount_cents" > 0);--> statement-breakpoint
-- "Paid orders" (the ORDERS list's count) are the orders that were paid, refunded ones too:
-- payment_status moves on to partially_refunded / refunded, paid_at stays.
CREATE OR REPLACE FUNCTION lbs_count_paid_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed bigint := 0;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM row_count_deltas WHERE name = 'orders:paid';
		RETURN NULL;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		SELECT changed + count(*) INTO changed FROM new_rows WHERE paid_at IS NOT NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		SELECT changed - count(*) INTO changed FROM old_rows WHERE paid_at IS NOT NULL;
	END IF;
	IF changed <> 0 THEN
		INSERT INTO row_count_deltas (name, delta) VALUES ('orders:paid', changed);
	END IF;
	RETURN NULL;
END
$$;
