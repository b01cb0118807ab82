-- One term, one LIVE order (decision 0021): a renewal order given up (renewal turned off and on
-- again, a suspension lifted, within the lead window) no longer blocks the term's next order.
DROP INDEX IF EXISTS "orders_renewal_term_uq";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "orders_renewal_term_uq" ON "orders" USING btree ("renewal_license_id","renewal_term_end") WHERE renewal_license_id is not null and cancelled_at is null;
--> statement-breakpoint
-- Every renewal order of a (licence, E), given up ones too: the 'ended' reminder reads when the term's order was given up.
CREATE INDEX IF NOT EXISTS "orders_renewal_term_idx" ON "orders" USING btree ("renewal_license_id","renewal_term_end") WHERE renewal_license_id is not null;
