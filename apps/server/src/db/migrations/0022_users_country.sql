-- Issue 37: the customer's country, remembered from the billing country given at checkout: the next
-- checkout is prefilled with it, and a checkout that gives none is billed to it.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "country" text;