-- Issue 37. A cancelled order is a status of its own (decision 0020): the orders cancelled before it
-- (cancelled_at set: unpaid ones at once, paid ones when their refund succeeded) become cancelled.
-- billing_country: the country of a licence-only order (checkout's billing country, else the
-- profile's). refunds.actor_ip: the admin's address, for the audit row written when a refund settles.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "billing_country" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN IF NOT EXISTS "actor_ip" text;--> statement-breakpoint
UPDATE "orders" SET "status" = 'cancelled' WHERE "cancelled_at" IS NOT NULL;
