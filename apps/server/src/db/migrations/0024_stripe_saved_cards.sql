-- Stripe's saved cards and the card's expiry notice (DESIGN §6.3, decision 0022): the customer's
-- Stripe Customer, made once and reused; when the holder was told their card expires before a
-- licence's next renewal (once per card). The users column IF NOT EXISTS: a data folder upgraded in
-- place has today's columns of older tables added by hand (upgrade-pglite-data.test.ts), not those
-- of payment_methods, which migration 0023 creates.
ALTER TABLE "payment_methods" ADD COLUMN "expiry_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "stripe_customer_id" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_methods_expiry_idx" ON "payment_methods" USING btree ("exp_year","exp_month") WHERE detached_at is null and expiry_told_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "users_stripe_customer_uq" ON "users" USING btree ("stripe_customer_id");
