-- Licences that recur (DESIGN §6.3, decision 0021): a licence's automatic renewal and grace, the
-- customer's saved card, each consent or change of mind, and an automatic renewal order's charges.
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"provider_customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "renewal_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"provider" text NOT NULL,
	"payment_method_id" uuid,
	"on_session" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider_charge_id" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "renewal_choices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"license_id" uuid,
	"order_id" integer,
	"auto_renew" boolean NOT NULL,
	"actor" text NOT NULL,
	"admin_id" integer,
	"words" text,
	"language" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN IF NOT EXISTS "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN IF NOT EXISTS "grace_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN IF NOT EXISTS "renewal_price_cents" integer;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN IF NOT EXISTS "renewal_price_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "renew_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "renewal_license_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "renewal_term_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "charge_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "next_charge_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_charges" ADD CONSTRAINT "renewal_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_charges" ADD CONSTRAINT "renewal_charges_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_choices" ADD CONSTRAINT "renewal_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_choices" ADD CONSTRAINT "renewal_choices_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_choices" ADD CONSTRAINT "renewal_choices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_choices" ADD CONSTRAINT "renewal_choices_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_in_use_uq" ON "payment_methods" USING btree ("user_id") WHERE detached_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_charges_attempt_uq" ON "renewal_charges" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_charges_one_open_uq" ON "renewal_charges" USING btree ("order_id") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_charges_provider_charge_uq" ON "renewal_charges" USING btree ("provider_charge_id");--> statement-breakpoint
CREATE INDEX "renewal_choices_license_idx" ON "renewal_choices" USING btree ("license_id","created_at");--> statement-breakpoint
CREATE INDEX "renewal_choices_order_idx" ON "renewal_choices" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_renewal_license_id_licenses_id_fk" FOREIGN KEY ("renewal_license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licenses_renewal_due_idx" ON "licenses" USING btree ("expires_at") WHERE auto_renew and revoked_at is null;--> statement-breakpoint
CREATE INDEX "licenses_grace_idx" ON "licenses" USING btree ("grace_until") WHERE grace_until is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_renewal_term_uq" ON "orders" USING btree ("renewal_license_id","renewal_term_end") WHERE renewal_license_id is not null;--> statement-breakpoint
CREATE INDEX "orders_next_charge_idx" ON "orders" USING btree ("next_charge_at") WHERE next_charge_at is not null;