CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text DEFAULT 'manual' NOT NULL,
	"courier" text NOT NULL,
	"courier_name" text,
	"awb" text,
	"tracking_url" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_provider_check" CHECK ("shipments"."provider" in ('manual')),
	CONSTRAINT "shipments_courier_check" CHECK ("shipments"."courier" in ('india_post', 'dtdc', 'delhivery', 'bluedart', 'ekart', 'xpressbees', 'own_rider', 'other')),
	CONSTRAINT "shipments_courier_name_check" CHECK (("shipments"."courier" = 'other') = ("shipments"."courier_name" is not null)),
	CONSTRAINT "shipments_awb_check" CHECK (("shipments"."courier" = 'own_rider') = ("shipments"."awb" is null)),
	CONSTRAINT "shipments_tracking_url_check" CHECK ("shipments"."tracking_url" is null or ("shipments"."tracking_url" like 'https://%' and "shipments"."courier" <> 'own_rider'))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "courier_tracking_urls" jsonb DEFAULT '{"india_post":"","dtdc":"","delhivery":"https://www.delhivery.com/track/package/{awb}","bluedart":"https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={awb}","ekart":"https://ekartlogistics.com/shipmenttrack/{awb}","xpressbees":"https://www.xpressbees.com/shipment/tracking?awbNo={awb}"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","created_at");