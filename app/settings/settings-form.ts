// The Settings tab's forms: one per section (shop details, delivery, home page, showcase mode), each
// with one zod schema that the browser runs for early feedback and the action runs for the decision.
// Formats follow reference/india.md: mobile numbers stored as '+91 98765 43210' (the owner's own
// WhatsApp number for new-order alerts, which no page shows, as '+919876543210'), FSSAI licence 14
// digits, GSTIN 15 characters with its state code and check character (empty: not registered), the
// state the shop is registered in (its GSTIN's code must match it); couriers' tracking links are
// https:// addresses with {awb} where the number goes, or empty (app/shipping/couriers.ts).
import { z } from 'zod'
import { GST_STATE_CODES } from '#app/shared/gst-state-codes.ts'
import { gstinProblem } from '#app/shared/gstin.ts'
import { isIndianState } from '#app/shared/india-states.ts'
import { formatIndianMobile, normaliseIndianMobile } from '#app/shared/phone.ts'
import { rupeesField } from '#app/shared/rupees-field.ts'
import { COURIER_NAMES, TRACKED_COURIERS, trackingTemplateSchema } from '#app/shipping/couriers.ts'

export const SETTINGS_SECTIONS = ['shop', 'delivery', 'couriers', 'home', 'showcase'] as const
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]

export const SETTINGS_LIMITS = {
  shopName: 60,
  legalName: 120,
  address: 300,
  email: 254,
  tagline: 200,
  personName: 80,
  socialLinks: 6,
  socialLabel: 30,
  url: 300,
  claim: 12,
  testimonials: 6,
  quoteMin: 10,
  quote: 300,
  quoteName: 40,
  /** Rupees: more than this for delivery is surely a typo. */
  deliveryFeeRupees: 1_000,
  freeDeliveryRupees: 1_00_000,
} as const

function text(what: string, { min = 1, max }: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(1, `Please enter ${what}.`)
    .min(min, `Please enter ${what} of at least ${min} characters.`)
    .max(max, `Please keep ${what} to ${max} characters or fewer.`)
}

function email(what: string) {
  return text(what, { max: SETTINGS_LIMITS.email }).pipe(
    z.email(`Please enter a valid e-mail address for ${what}, like name@example.com.`),
  )
}

/**
 * A 10-digit Indian mobile number, stored as the shop shows it ('+91 98765 43210'), or canonical
 * ('+919876543210') for a number only the shop's messages use.
 */
function mobile(what: string, { optional = false, canonical: keepCanonical = false } = {}) {
  return z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === '' && optional) return ''
      const canonical = normaliseIndianMobile(value)
      if (canonical) return keepCanonical ? canonical : formatIndianMobile(canonical)
      context.addIssue({
        code: 'custom',
        message:
          value === ''
            ? `Please enter ${what}.`
            : `Please enter ${what} as a 10-digit Indian mobile number, like 98765 43210.`,
      })
      return z.NEVER
    })
}

const socialLinkSchema = z.object({
  label: text('the link’s name', { max: SETTINGS_LIMITS.socialLabel }),
  url: z
    .string()
    .trim()
    .min(1, 'Please enter the link’s address.')
    .max(SETTINGS_LIMITS.url, `Please keep the address to ${SETTINGS_LIMITS.url} characters or fewer.`)
    .pipe(
      z.url({
        protocol: /^https$/,
        message: 'Please enter a full https:// address, like https://www.instagram.com/yourshop.',
      }),
    ),
})

const testimonialSchema = z.object({
  quote: text('the quote', { min: SETTINGS_LIMITS.quoteMin, max: SETTINGS_LIMITS.quote }),
  name: text('the customer’s name', { max: SETTINGS_LIMITS.quoteName }),
  city: text('the customer’s city', { max: SETTINGS_LIMITS.quoteName }),
})

/** A hero claim: short marketing text; empty hides it on the home page. */
const claim = z
  .string()
  .trim()
  .max(SETTINGS_LIMITS.claim, `Please keep a claim to ${SETTINGS_LIMITS.claim} characters, like 4.8 or 5000+.`)

export const shopDetailsSchema = z
  .object({
    shopName: text('the shop’s name', { min: 2, max: SETTINGS_LIMITS.shopName }),
    legalName: text('the legal name', { min: 2, max: SETTINGS_LIMITS.legalName }),
    address: text('the postal address', { min: 10, max: SETTINGS_LIMITS.address }),
    phone: mobile('the shop’s phone number'),
    whatsappNumber: mobile('the WhatsApp number', { optional: true }),
    email: email('the shop’s e-mail'),
    fssaiLicence: z
      .string()
      .trim()
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(z.string().regex(/^\d{14}$/, 'The FSSAI licence number has 14 digits, like 11424999000123.')),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .superRefine((value, context) => {
        const problem = value === '' ? null : gstinProblem(value)
        if (problem) context.addIssue({ code: 'custom', message: problem })
      }),
    state: z
      .string()
      .trim()
      .refine(isIndianState, 'Please choose the state or union territory the shop is registered in.'),
    grievanceOfficerName: text('the grievance officer’s name', { min: 2, max: SETTINGS_LIMITS.personName }),
    grievanceOfficerEmail: email('the grievance officer'),
    grievanceOfficerPhone: mobile('the grievance officer’s phone number'),
    qualityTagline: text('the quality tagline', { max: SETTINGS_LIMITS.tagline }),
    socialLinks: z
      .array(socialLinkSchema)
      .max(SETTINGS_LIMITS.socialLinks, `Please keep to ${SETTINGS_LIMITS.socialLinks} social links.`),
    /**
     * New orders on the owner's WhatsApp: posted as 'off' (a hidden field) or 'on' (the box) only when
     * WhatsApp is configured and the box shown; unset otherwise, which keeps the stored choice.
     */
    whatsappOwnerAlerts: z
      .enum(['', 'off', 'on'], 'Please tick the box or leave it empty.')
      .transform((value) => (value === '' ? undefined : value === 'on')),
    /**
     * The owner's own WhatsApp number the alerts go to: posted with the box, unset without it (which
     * keeps the stored number). Not the shop's WhatsApp Business number, which cannot message itself.
     */
    whatsappAlertsTo: mobile('your own WhatsApp number', { optional: true, canonical: true }).optional(),
  })
  .superRefine(({ whatsappOwnerAlerts, whatsappAlertsTo }, context) => {
    if (whatsappOwnerAlerts && !whatsappAlertsTo) {
      context.addIssue({
        code: 'custom',
        path: ['whatsappAlertsTo'],
        message: 'New orders go to your own WhatsApp number: enter it, or untick the box.',
      })
    }
  })
  .superRefine(({ gstin, state }, context) => {
    // A GSTIN begins with its state's GST code: invoices take CGST + SGST within that state.
    if (!gstin || !isIndianState(state) || gstin.slice(0, 2) === GST_STATE_CODES[state]) return
    const registered = Object.entries(GST_STATE_CODES).find(([, code]) => code === gstin.slice(0, 2))?.[0]
    context.addIssue({
      code: 'custom',
      path: ['gstin'],
      message: `This GSTIN is registered in ${registered ?? 'another state'} (code ${gstin.slice(0, 2)}), not ${state} (code ${GST_STATE_CODES[state]}): choose that state, or check the GSTIN.`,
    })
  })

export const deliverySchema = z.object({
  deliveryFee: rupeesField('the delivery fee', { min: 0, max: SETTINGS_LIMITS.deliveryFeeRupees }),
  freeDeliveryThreshold: rupeesField('the free-delivery amount', { min: 0, max: SETTINGS_LIMITS.freeDeliveryRupees }),
})

/**
 * The average rating: shown under a star as 'Rated 4.8 by our customers', so it is a figure out of
 * 5 (the reviews' scale) with at most one decimal, or empty to hide it.
 */
const ratingClaim = claim.refine(
  (value) => value === '' || (/^\d(\.\d)?$/.test(value) && Number(value) >= 1 && Number(value) <= 5),
  'Please enter the average rating out of 5, like 4.8, or leave it empty.',
)

export const homeSchema = z.object({
  ratingClaim,
  varietiesClaim: claim,
  familiesClaim: claim,
  testimonials: z
    .array(testimonialSchema)
    .max(SETTINGS_LIMITS.testimonials, `Please keep to ${SETTINGS_LIMITS.testimonials} quotes.`),
})

export const showcaseSchema = z.object({
  showcaseMode: z
    .enum(['on', 'off'], 'Please choose whether the shop takes orders.')
    .transform((value) => value === 'on'),
})

/** Each courier's tracking link, posted as `tracking_<courier>` (`tracking_delhivery`). */
export const couriersSchema = z.object({
  courierTrackingUrls: z.object({
    india_post: trackingTemplateSchema(COURIER_NAMES.india_post),
    dtdc: trackingTemplateSchema(COURIER_NAMES.dtdc),
    delhivery: trackingTemplateSchema(COURIER_NAMES.delhivery),
    bluedart: trackingTemplateSchema(COURIER_NAMES.bluedart),
    ekart: trackingTemplateSchema(COURIER_NAMES.ekart),
    xpressbees: trackingTemplateSchema(COURIER_NAMES.xpressbees),
  }),
})

export const SECTION_SCHEMAS = {
  shop: shopDetailsSchema,
  delivery: deliverySchema,
  couriers: couriersSchema,
  home: homeSchema,
  showcase: showcaseSchema,
} as const

export type SectionValues<S extends SettingsSection> = z.output<(typeof SECTION_SCHEMAS)[S]>

/** Field errors by path: 'phone', 'socialLinks.1.url'. */
export type SettingsFieldErrors = Record<string, string>

const SECTION_FIELDS: Record<SettingsSection, readonly string[]> = {
  shop: [
    'shopName',
    'legalName',
    'address',
    'phone',
    'whatsappNumber',
    'email',
    'fssaiLicence',
    'gstin',
    'state',
    'grievanceOfficerName',
    'grievanceOfficerEmail',
    'grievanceOfficerPhone',
    'qualityTagline',
  ],
  delivery: ['deliveryFee', 'freeDeliveryThreshold'],
  couriers: [],
  home: ['ratingClaim', 'varietiesClaim', 'familiesClaim'],
  showcase: ['showcaseMode'],
}

function strings(formData: FormData, name: string): string[] {
  return formData.getAll(name).map((value) => (typeof value === 'string' ? value : ''))
}

/** Rows of a repeated group (socialLabel[] + socialUrl[]); rows left wholly blank are dropped. */
function rows<K extends string>(formData: FormData, columns: Record<K, string>): Record<K, string>[] {
  const keys = Object.keys(columns) as K[]
  const values = keys.map((key) => strings(formData, columns[key]))
  const count = Math.max(0, ...values.map((column) => column.length))
  return Array.from({ length: count }, (_, row) =>
    Object.fromEntries(keys.map((key, column) => [key, values[column]?.[row] ?? ''])),
  )
    .filter((row) => Object.values(row).some((value) => String(value).trim() !== ''))
    .map((row) => row as Record<K, string>)
}

/** What a section's form posted, in the shape its schema reads. */
export function sectionInput(section: SettingsSection, formData: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = Object.fromEntries(
    SECTION_FIELDS[section].map((field) => {
      const value = formData.get(field)
      return [field, typeof value === 'string' ? value : '']
    }),
  )
  if (section === 'shop') {
    input.socialLinks = rows(formData, { label: 'socialLabel', url: 'socialUrl' })
    // The box posts 'on' after its hidden 'off': the last value is the choice; none, nothing shown.
    input.whatsappOwnerAlerts = strings(formData, 'whatsappOwnerAlerts').at(-1) ?? ''
    // The number the alerts go to is shown with the box, and read only with it.
    if (input.whatsappOwnerAlerts !== '') input.whatsappAlertsTo = strings(formData, 'whatsappAlertsTo')[0] ?? ''
  }
  if (section === 'couriers') {
    input.courierTrackingUrls = Object.fromEntries(
      TRACKED_COURIERS.map((courier) => {
        const value = formData.get(`tracking_${courier}`)
        return [courier, typeof value === 'string' ? value : '']
      }),
    )
  }
  if (section === 'home') {
    input.testimonials = rows(formData, { quote: 'quote', name: 'quoteName', city: 'quoteCity' })
  }
  return input
}

export type SectionValidation<S extends SettingsSection> =
  | { ok: true; data: SectionValues<S> }
  | { ok: false; fieldErrors: SettingsFieldErrors }

export function validateSection<S extends SettingsSection>(section: S, input: unknown): SectionValidation<S> {
  const result = SECTION_SCHEMAS[section].safeParse(input)
  if (result.success) return { ok: true, data: result.data as SectionValues<S> }
  const fieldErrors: SettingsFieldErrors = {}
  for (const issue of result.error.issues) fieldErrors[issue.path.join('.') || 'form'] ??= issue.message
  return { ok: false, fieldErrors }
}
