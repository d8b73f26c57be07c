CREATE TABLE "whatsapp_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"user_id" text,
	"order_id" uuid,
	"granted" boolean NOT NULL,
	"wording" text NOT NULL,
	"locale" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_consents_phone_check" CHECK ("whatsapp_consents"."phone" ~ '^\+91[6-9][0-9]{9}$'),
	CONSTRAINT "whatsapp_consents_locale_check" CHECK ("whatsapp_consents"."locale" in ('en', 'hi')),
	CONSTRAINT "whatsapp_consents_source_check" CHECK ("whatsapp_consents"."source" in ('checkout', 'account', 'whatsapp')),
	CONSTRAINT "whatsapp_consents_wording_check" CHECK (length("whatsapp_consents"."wording") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "whatsapp_events_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "whatsapp_events_kind_check" CHECK ("whatsapp_events"."kind" in ('status', 'inbound'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notice_key" text NOT NULL,
	"order_id" uuid,
	"audience" text NOT NULL,
	"template" text NOT NULL,
	"locale" text NOT NULL,
	"to_phone" text NOT NULL,
	"params" jsonb NOT NULL,
	"wamid" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"error_code" integer,
	"error_title" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"fallback_sms" text,
	"fallback_queued_at" timestamp with time zone,
	"sensitive" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_at" timestamp with time zone,
	CONSTRAINT "whatsapp_messages_notice_key_unique" UNIQUE("notice_key"),
	CONSTRAINT "whatsapp_messages_wamid_unique" UNIQUE("wamid"),
	CONSTRAINT "whatsapp_messages_audience_check" CHECK ("whatsapp_messages"."audience" in ('customer', 'owner')),
	CONSTRAINT "whatsapp_messages_locale_check" CHECK ("whatsapp_messages"."locale" in ('en', 'hi')),
	CONSTRAINT "whatsapp_messages_status_check" CHECK ("whatsapp_messages"."status" in ('queued', 'sending', 'accepted', 'sent', 'delivered', 'read', 'failed', 'fallback')),
	CONSTRAINT "whatsapp_messages_attempts_check" CHECK ("whatsapp_messages"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "whatsapp_owner_alerts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_consents" ADD CONSTRAINT "whatsapp_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_consents" ADD CONSTRAINT "whatsapp_consents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_consents_phone_idx" ON "whatsapp_consents" USING btree ("phone","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "whatsapp_events_unprocessed_idx" ON "whatsapp_events" USING btree ("received_at") WHERE "whatsapp_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "whatsapp_events_callback_idx" ON "whatsapp_events" USING btree (("body"->>'callbackData')) WHERE "whatsapp_events"."kind" = 'status' and "whatsapp_events"."body"->>'callbackData' like 'msg:%';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_order_idx" ON "whatsapp_messages" USING btree ("order_id");--> statement-breakpoint
-- A consent record is never edited: a change of mind is a new row. The only update allowed is the one
-- a foreign key makes when the account or the order it names is deleted (set to null).
CREATE FUNCTION "whatsapp_consents_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."id", NEW."phone", NEW."granted", NEW."wording", NEW."locale", NEW."source", NEW."created_at")
       IS NOT DISTINCT FROM (OLD."id", OLD."phone", OLD."granted", OLD."wording", OLD."locale", OLD."source", OLD."created_at")
     AND (NEW."user_id" IS NULL OR NEW."user_id" IS NOT DISTINCT FROM OLD."user_id")
     AND (NEW."order_id" IS NULL OR NEW."order_id" IS NOT DISTINCT FROM OLD."order_id") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'whatsapp_consents rows are never changed: record a new one';
END $$;
--> statement-breakpoint
CREATE TRIGGER "whatsapp_consents_unchanged" BEFORE UPDATE ON "whatsapp_consents"
  FOR EACH ROW EXECUTE FUNCTION "whatsapp_consents_unchanged"();
--> statement-breakpoint
-- A delivery OTP's notice keeps its secret only while it is needed: the parameters until Meta has the
-- message (a send refused for a passing reason is made again from them), the SMS fallback until the
-- message is delivered or read or the SMS is queued instead (Meta reports an undeliverable number
-- after accepting the message). Whoever moves the row, the secret goes with the move.
CREATE FUNCTION "whatsapp_messages_forget_secret"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" NOT IN ('queued', 'sending') THEN
    NEW."params" := '[]'::jsonb;
  END IF;
  IF NEW."status" IN ('delivered', 'read', 'fallback') OR NEW."fallback_queued_at" IS NOT NULL THEN
    NEW."fallback_sms" := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "whatsapp_messages_forget_secret" BEFORE INSERT OR UPDATE ON "whatsapp_messages"
  FOR EACH ROW WHEN (NEW."sensitive") EXECUTE FUNCTION "whatsapp_messages_forget_secret"();
