CREATE TABLE "product_daily_sales" (
	"day" date NOT NULL,
	"product_name" text NOT NULL,
	"packets" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "product_daily_sales_pk" PRIMARY KEY("day","product_name")
);
--> statement-breakpoint
CREATE TABLE "product_sales_deltas" (
	"day" date NOT NULL,
	"product_name" text NOT NULL,
	"packets" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
-- Written by hand below (drizzle-kit does not generate triggers): the best sellers' rollup, see
-- app/orders/order-stats.server.ts and docs/decisions/009-order-stats-rollup.md.
-- Writers wait from here until this migration commits, so the backfill at the end counts every line
-- committed before the triggers exist and the triggers count every later change.
LOCK TABLE "orders", "order_items" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- A line counts while its order is not cancelled, on the India day the order was placed. A line
-- deleted with its order (cascade) finds no order here: the order's own trigger took it out before.
CREATE FUNCTION "product_sales_line_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  placed timestamptz;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT created_at INTO placed FROM "orders" WHERE id = OLD.order_id AND status <> 'cancelled';
    IF FOUND THEN
      INSERT INTO "product_sales_deltas" ("day", "product_name", "packets", "amount")
      VALUES ((placed AT TIME ZONE 'Asia/Kolkata')::date, OLD.product_name, -OLD.quantity, -(OLD.quantity::bigint * OLD.price));
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT created_at INTO placed FROM "orders" WHERE id = NEW.order_id AND status <> 'cancelled';
    IF FOUND THEN
      INSERT INTO "product_sales_deltas" ("day", "product_name", "packets", "amount")
      VALUES ((placed AT TIME ZONE 'Asia/Kolkata')::date, NEW.product_name, NEW.quantity, NEW.quantity::bigint * NEW.price);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_items_to_product_sales"
  AFTER INSERT OR DELETE OR UPDATE OF "order_id", "product_name", "quantity", "price" ON "order_items"
  FOR EACH ROW EXECUTE FUNCTION "product_sales_line_delta"();--> statement-breakpoint
-- An order's lines leave the figures when it is cancelled or deleted, come back when it leaves
-- cancelled, and move with its day.
CREATE FUNCTION "product_sales_order_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'cancelled' THEN
    INSERT INTO "product_sales_deltas" ("day", "product_name", "packets", "amount")
    SELECT (OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date, product_name, -sum(quantity), -sum(quantity::bigint * price)
    FROM "order_items" WHERE order_id = OLD.id GROUP BY product_name;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status <> 'cancelled' THEN
    INSERT INTO "product_sales_deltas" ("day", "product_name", "packets", "amount")
    SELECT (NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, product_name, sum(quantity), sum(quantity::bigint * price)
    FROM "order_items" WHERE order_id = NEW.id GROUP BY product_name;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_to_product_sales_on_delete" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "product_sales_order_delta"();--> statement-breakpoint
CREATE TRIGGER "orders_to_product_sales_on_change" AFTER UPDATE OF "status", "created_at" ON "orders"
  FOR EACH ROW
  WHEN ((OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled') OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION "product_sales_order_delta"();--> statement-breakpoint
CREATE FUNCTION "product_sales_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "product_sales_deltas", "product_daily_sales";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_truncate_product_sales" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_sales_truncate"();--> statement-breakpoint
CREATE TRIGGER "order_items_truncate_product_sales" AFTER TRUNCATE ON "order_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_sales_truncate"();--> statement-breakpoint
-- The lines placed before this migration (rebuildOrderStats in order-stats.server.ts does the same).
INSERT INTO "product_daily_sales" ("day", "product_name", "packets", "amount")
SELECT (o.created_at AT TIME ZONE 'Asia/Kolkata')::date, i.product_name, sum(i.quantity), sum(i.quantity::bigint * i.price)
FROM "order_items" i JOIN "orders" o ON o.id = i.order_id
WHERE o.status <> 'cancelled'
GROUP BY 1, 2;
