CREATE TABLE "page_cache_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "page_cache_version_one_row" CHECK ("page_cache_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "page_cache_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- The page cache's version (app/platform/page-cache.server.ts): every transaction that changes what a
-- public page shows adds one to it, once, just before it commits (deferred constraint triggers), so
-- the row is locked only for the commit itself, never while an order's transaction works. A server
-- serves a stored page only while the version it was rendered at is current: with PostgreSQL each
-- instance reads the row, so a change shows at once everywhere; the embedded database counts the
-- notices on 'page_cache', which it delivers before the commit returns.
CREATE FUNCTION "bump_page_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.page_cache_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE "page_cache_version" SET "version" = "version" + 1 WHERE "id" = 1;
    PERFORM set_config('shop.page_cache_bumped', 'on', true);
    PERFORM pg_notify('page_cache', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "categories_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "categories"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "categories_truncate_page_cache" AFTER TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "products_truncate_page_cache" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_slug_redirects_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "product_slug_redirects"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "product_slug_redirects_truncate_page_cache" AFTER TRUNCATE ON "product_slug_redirects"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "settings_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "settings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "settings_truncate_page_cache" AFTER TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "blogs_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "blogs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "blogs_truncate_page_cache" AFTER TRUNCATE ON "blogs"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reviews_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "reviews_truncate_page_cache" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "coupons_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "coupons"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE TRIGGER "coupons_truncate_page_cache" AFTER TRUNCATE ON "coupons"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_page_cache_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_page_cache" AFTER UPDATE OF "name" OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_page_cache_version"();
