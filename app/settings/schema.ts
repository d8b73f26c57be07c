import { sql } from 'drizzle-orm'
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { type CourierTrackingUrls, DEFAULT_TRACKING_URLS } from '../shipping/couriers.ts'

export interface SocialLink {
  label: string
  url: string
}

export interface Testimonial {
  quote: string
  name: string
  city: string
}

/** The shop's own details and switches: one row (id 1), editable by the admin. */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    shopName: text('shop_name').notNull(),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    /** A mobile number for WhatsApp chats, or '' for none. */
    whatsappNumber: text('whatsapp_number').notNull().default(''),
    /** The owner's choice to get each new order on WhatsApp, at whatsappAlertsTo (only when WhatsApp is configured). */
    whatsappOwnerAlerts: boolean('whatsapp_owner_alerts').notNull().default(false),
    /**
     * The owner's own WhatsApp mobile the alerts go to ('+919876543210'), or '' for none: not the shop's
     * WhatsApp Business number, which cannot message itself. Never shown on the shop's pages.
     */
    whatsappAlertsTo: text('whatsapp_alerts_to').notNull().default(''),
    /** GST registration (15 characters), or '' for a shop not registered. */
    gstin: text('gstin').notNull().default(''),
    /** The state or union territory the shop is registered in: GST within it is CGST + SGST, IGST beyond. */
    state: text('state').notNull().default('Madhya Pradesh'),
    socialLinks: jsonb('social_links').$type<SocialLink[]>().notNull().default([]),
    qualityTagline: text('quality_tagline').notNull(),
    fssaiLicence: text('fssai_licence').notNull(),
    grievanceOfficerName: text('grievance_officer_name').notNull(),
    grievanceOfficerEmail: text('grievance_officer_email').notNull(),
    grievanceOfficerPhone: text('grievance_officer_phone').notNull(),
    showcaseMode: boolean('showcase_mode').notNull().default(true),
    /** Paise. */
    deliveryFee: integer('delivery_fee').notNull().default(5000),
    /** Paise: delivery is free when the subtotal reaches this. */
    freeDeliveryThreshold: integer('free_delivery_threshold').notNull().default(50000),
    /** Hero claims, e.g. '4.8' rating, '50+' varieties, '5000+' families: marketing text the admin owns. */
    ratingClaim: text('rating_claim').notNull(),
    varietiesClaim: text('varieties_claim').notNull(),
    familiesClaim: text('families_claim').notNull(),
    testimonials: jsonb('testimonials').$type<Testimonial[]>().notNull().default([]),
    /** Each courier's tracking-link template ({awb} where the number goes), '' for none (app/shipping/couriers.ts). */
    courierTrackingUrls: jsonb('courier_tracking_urls')
      .$type<CourierTrackingUrls>()
      .notNull()
      .default(DEFAULT_TRACKING_URLS),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('settings_single_row', sql`${t.id} = 1`),
    check('settings_money_check', sql`${t.deliveryFee} >= 0 and ${t.freeDeliveryThreshold} >= 0`),
    check('settings_whatsapp_alerts_to_check', sql`${t.whatsappAlertsTo} ~ '^(\\+91[6-9][0-9]{9})?$'`),
  ],
)
