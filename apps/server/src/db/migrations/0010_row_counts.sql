CREATE TABLE "row_count_deltas" (
	"name" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "row_count_deltas_name_idx" ON "row_count_deltas" USING btree ("name");--> statement-breakpoint
-- Whole tables: one row per writing statement with the number of rows it added or removed.
CREATE FUNCTION lbs_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed bigint;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM row_count_deltas WHERE name = TG_TABLE_NAME;
		RETURN NULL;
	ELSIF TG_OP = 'INSERT' THEN
		SELECT count(*) INTO changed FROM new_rows;
	ELSE
		SELECT -count(*) INTO changed FROM old_rows;
	END IF;
	IF changed <> 0 THEN
		INSERT INTO row_count_deltas (name, delta) VALUES (TG_TABLE_NAME, changed);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Paid orders (the ORDERS list): an order becomes paid by an update.
CREATE FUNCTION lbs_count_paid_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed bigint := 0;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM row_count_deltas WHERE name = 'orders:paid';
		RETURN NULL;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		SELECT changed + count(*) INTO changed FROM new_rows WHERE payment_status = 'paid';
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		SELECT changed - count(*) INTO changed FROM old_rows WHERE payment_status = 'paid';
	END IF;
	IF changed <> 0 THEN
		INSERT INTO row_count_deltas (name, delta) VALUES ('orders:paid', changed);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "licenses_count_insert" AFTER INSERT ON "licenses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "licenses_count_delete" AFTER DELETE ON "licenses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "licenses_count_truncate" AFTER TRUNCATE ON "licenses" FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "invoices_count_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "invoices_count_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "invoices_count_truncate" AFTER TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "notifications_count_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "notifications_count_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "notifications_count_truncate" AFTER TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "admin_audit_count_insert" AFTER INSERT ON "admin_audit" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "admin_audit_count_delete" AFTER DELETE ON "admin_audit" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "admin_audit_count_truncate" AFTER TRUNCATE ON "admin_audit" FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_rows();
--> statement-breakpoint
CREATE TRIGGER "orders_count_paid_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_paid_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_count_paid_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_paid_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_count_paid_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_paid_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_count_paid_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION lbs_count_paid_orders();
--> statement-breakpoint
-- The rows already stored, counted once.
INSERT INTO row_count_deltas (name, delta)
SELECT 'licenses', count(*) FROM licenses
UNION ALL SELECT 'invoices', count(*) FROM invoices
UNION ALL SELECT 'notifications', count(*) FROM notifications
UNION ALL SELECT 'admin_audit', count(*) FROM admin_audit
UNION ALL SELECT 'orders:paid', count(*) FROM orders WHERE payment_status = 'paid';
