CREATE TABLE "order_daily_stats" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text NOT NULL,
	"order_count" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	CONSTRAINT "order_daily_stats_pk" PRIMARY KEY("day","status","payment_method","payment_status")
);
--> statement-breakpoint
CREATE TABLE "order_stat_deltas" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text NOT NULL,
	"order_count" integer NOT NULL,
	"total_amount" bigint NOT NULL
);
--> statement-breakpoint
-- Written by hand below (drizzle-kit does not generate triggers): the order stats rollup, see
-- app/orders/order-stats.server.ts and docs/decisions/009-order-stats-rollup.md.
-- Writers of orders wait from here until this migration commits, so the backfill at the end counts
-- every order committed before the triggers exist and the triggers count every later change.
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- Each change to an order's counted facts appends signed rows (day in India time); it never updates a
-- shared row, so concurrent checkouts do not queue behind each other.
CREATE FUNCTION "order_stats_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "order_stat_deltas" ("day", "status", "payment_method", "payment_status", "order_count", "total_amount")
    VALUES ((NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.status, NEW.payment_method, NEW.payment_status, 1, NEW.total_amount);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "order_stat_deltas" ("day", "status", "payment_method", "payment_status", "order_count", "total_amount")
    VALUES ((OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date, OLD.status, OLD.payment_method, OLD.payment_status, -1, -OLD.total_amount);
  ELSE
    INSERT INTO "order_stat_deltas" ("day", "status", "payment_method", "payment_status", "order_count", "total_amount")
    VALUES ((OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date, OLD.status, OLD.payment_method, OLD.payment_status, -1, -OLD.total_amount),
           ((NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.status, NEW.payment_method, NEW.payment_status, 1, NEW.total_amount);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_to_order_stats" AFTER INSERT OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "order_stats_delta"();--> statement-breakpoint
-- Updates that leave the counted facts alone (OTP attempts, stock release, updated_at) add nothing.
CREATE TRIGGER "orders_to_order_stats_on_change"
  AFTER UPDATE OF "status", "payment_method", "payment_status", "total_amount", "created_at" ON "orders"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_method IS DISTINCT FROM NEW.payment_method
    OR OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.total_amount IS DISTINCT FROM NEW.total_amount
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION "order_stats_delta"();--> statement-breakpoint
CREATE FUNCTION "order_stats_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "order_stat_deltas", "order_daily_stats";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_truncate_order_stats" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_stats_truncate"();--> statement-breakpoint
-- The orders placed before this migration (rebuildOrderStats in order-stats.server.ts does the same).
INSERT INTO "order_daily_stats" ("day", "status", "payment_method", "payment_status", "order_count", "total_amount")
SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date, status, payment_method, payment_status, count(*), coalesce(sum(total_amount), 0)
FROM "orders"
GROUP BY 1, 2, 3, 4;
