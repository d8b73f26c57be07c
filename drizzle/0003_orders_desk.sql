CREATE TABLE "shop_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"order_id" uuid,
	"notification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "admin_notifications_realtime_created_idx";--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "orders_payment_status_idx";--> statement-breakpoint
ALTER TABLE "outbox_jobs" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "shop_events_created_idx" ON "shop_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_number_idx" ON "orders" USING btree (right("id"::text, 8));--> statement-breakpoint
CREATE INDEX "orders_customer_name_idx" ON "orders" USING gin (to_tsvector('simple', "customer_name"));--> statement-breakpoint
CREATE INDEX "admin_notifications_realtime_unread_idx" ON "admin_notifications_realtime" USING btree ("created_at") WHERE "admin_notifications_realtime"."is_read" = false;--> statement-breakpoint
CREATE INDEX "admin_notifications_realtime_order_idx" ON "admin_notifications_realtime" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "admin_notifications_realtime_created_idx" ON "admin_notifications_realtime" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_method","payment_status","created_at");--> statement-breakpoint
-- The change feed for live screens (app/platform/event-bus.server.ts): every order placed or changed
-- and every admin notification written adds a row, and every row is announced with
-- pg_notify('shop_events', id), which PostgreSQL delivers when the transaction commits.
CREATE FUNCTION "shop_events_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_events', NEW.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shop_events_announce" AFTER INSERT ON "shop_events"
  FOR EACH ROW EXECUTE FUNCTION "shop_events_announce"();--> statement-breakpoint
CREATE FUNCTION "orders_to_shop_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "shop_events" ("topic", "order_id") VALUES ('order', NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_to_shop_events" AFTER INSERT OR UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_to_shop_events"();--> statement-breakpoint
CREATE FUNCTION "admin_notifications_to_shop_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "shop_events" ("topic", "order_id", "notification_id") VALUES ('notification', NEW.order_id, NEW.id);
  ELSIF NEW.is_read IS DISTINCT FROM OLD.is_read THEN
    INSERT INTO "shop_events" ("topic", "order_id", "notification_id") VALUES ('notification_read', NEW.order_id, NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "admin_notifications_to_shop_events" AFTER INSERT OR UPDATE ON "admin_notifications_realtime"
  FOR EACH ROW EXECUTE FUNCTION "admin_notifications_to_shop_events"();
