CREATE TABLE "courier_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"awb" text,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"activity" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"status_id" integer
);
--> statement-breakpoint
ALTER TABLE "shipments" DROP CONSTRAINT "shipments_provider_check";--> statement-breakpoint
ALTER TABLE "shipments" DROP CONSTRAINT "shipments_awb_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "parcels" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "channel_order_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "sr_order_id" bigint;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "sr_shipment_id" bigint;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "courier_company_id" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "quoted_rate" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "awb_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_key" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pickup_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "manifested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "booking_error" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "track_state" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "track_status_id" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "track_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "ndr_reason" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "expected_by" date;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipment_scans" ADD CONSTRAINT "shipment_scans_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_events_dedupe_idx" ON "courier_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "courier_events_unprocessed_idx" ON "courier_events" USING btree ("received_at") WHERE "courier_events"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_scans_unique_idx" ON "shipment_scans" USING btree ("shipment_id","at","code","activity");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_channel_order_idx" ON "shipments" USING btree ("channel_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_provider_idx" ON "shipments" USING btree ("awb") WHERE "shipments"."provider" = 'shiprocket';--> statement-breakpoint
CREATE INDEX "shipments_track_state_idx" ON "shipments" USING btree ("track_state","checked_at");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_booking_check" CHECK (("shipments"."provider" = 'shiprocket') = ("shipments"."channel_order_id" is not null and "shipments"."courier_company_id" is not null));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_track_state_check" CHECK ("shipments"."track_state" is null or "shipments"."track_state" in ('booked', 'in_transit', 'out_for_delivery', 'undelivered', 'delivered', 'rto', 'rto_delivered', 'cancelled', 'lost'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_provider_check" CHECK ("shipments"."provider" in ('manual', 'shiprocket'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_awb_check" CHECK (("shipments"."provider" = 'manual' and ("shipments"."courier" = 'own_rider') = ("shipments"."awb" is null)) or ("shipments"."provider" = 'shiprocket' and "shipments"."courier" <> 'own_rider'));