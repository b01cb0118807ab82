-- The back office's reports count paid orders per business day by payment time (reports/daily-series.ts).
CREATE INDEX "orders_payment_status_paid_idx" ON "orders" USING btree ("payment_status","paid_at");
