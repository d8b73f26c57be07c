// Shipping an order by hand (issue 30, part 1): the couriers the owner can choose in the Shipped
// dialog, the tracking-link template of each (kept in the settings, editable by the owner), and what
// the dialog and the settings accept. Pure: the server decides with these rules, the browser uses
// them only to point at a mistake before sending. docs/decisions/025-manual-courier.md.
import { z } from 'zod'
import { COURIER_NAMES, COURIERS, type Courier, TRACKED_COURIERS, type TrackedCourier } from './courier-names.ts'
import type { TrackState } from './track-states.ts'

export { COURIER_NAMES, COURIERS, type Courier, TRACKED_COURIERS, type TrackedCourier } from './courier-names.ts'

/** A tracking-link template per courier: '' when the courier has no page for one parcel's number. */
export type CourierTrackingUrls = Record<TrackedCourier, string>

/** The Shipped dialog's list, in the issue's order (the admin panel is English). */
export const COURIER_CHOICES: readonly { value: Courier; label: string }[] = [
  ...TRACKED_COURIERS.map((courier) => ({ value: courier, label: COURIER_NAMES[courier] })),
  { value: 'own_rider', label: 'The shop’s own rider' },
  { value: 'other', label: 'Other courier' },
]

/** Where a template puts the parcel's number. */
export const AWB_PLACEHOLDER = '{awb}'

/**
 * The templates a new shop starts with: each courier's public page for one parcel. India Post and DTDC
 * have no stable address that takes the number (their pages ask for it in a form, behind a captcha),
 * so they start empty: the number is shown without a link until the owner sets one.
 */
export const DEFAULT_TRACKING_URLS: CourierTrackingUrls = {
  india_post: '',
  dtdc: '',
  delhivery: 'https://www.delhivery.com/track/package/{awb}',
  bluedart: 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={awb}',
  ekart: 'https://ekartlogistics.com/shipmenttrack/{awb}',
  xpressbees: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}',
}

export const SHIPMENT_LIMITS = {
  /** India Post's articles have 13 characters, Delhivery's waybills 14 digits; 30 leaves room. */
  awbMin: 4,
  awb: 30,
  courierNameMin: 2,
  courierName: 60,
  trackingUrl: 300,
} as const

export function isTrackedCourier(courier: string): courier is TrackedCourier {
  return (TRACKED_COURIERS as readonly string[]).includes(courier)
}

/** An AWB as couriers print it: spaces dropped (as people copy it from a receipt), upper case. */
export function normaliseAwb(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase()
}

/** One parcel's tracking link: the template with its number in place of {awb}; null without a template. */
export function fillTrackingUrl(template: string | undefined, awb: string): string | null {
  if (!template) return null
  return template.replaceAll(AWB_PLACEHOLDER, encodeURIComponent(awb))
}

function parsedWith(template: string, awb: string): URL | null {
  try {
    return new URL(template.replaceAll(AWB_PLACEHOLDER, awb))
  } catch {
    return null
  }
}

/** What is wrong with a tracking-link template, or null when it is a good one. */
export function trackingTemplateProblem(template: string, courierName: string): string | null {
  const example = `like ${DEFAULT_TRACKING_URLS.delhivery}`
  const url = parsedWith(template, 'AWB1')
  if (!url?.hostname.includes('.')) {
    return `The ${courierName} tracking link is not a web address: enter one starting with https://, ${example}, or leave it empty.`
  }
  if (url.protocol !== 'https:') return `The ${courierName} tracking link must start with https://.`
  if (url.username || url.password) return `The ${courierName} tracking link must not carry a user name or password.`
  if (!template.includes(AWB_PLACEHOLDER)) {
    return `Put ${AWB_PLACEHOLDER} in the ${courierName} tracking link where the number goes, ${example}.`
  }
  // The number goes into the page's address, never into which site it is.
  if (parsedWith(template, 'AWB2')?.host !== url.host) {
    return `${AWB_PLACEHOLDER} may not be part of the ${courierName} website’s name: put it in the path or the query.`
  }
  return null
}

/** A template as the settings take it: empty (no link), or an https:// address with {awb}. */
export function trackingTemplateSchema(courierName: string) {
  return z
    .string()
    .trim()
    .max(
      SHIPMENT_LIMITS.trackingUrl,
      `Please keep the ${courierName} tracking link to ${SHIPMENT_LIMITS.trackingUrl} characters or fewer.`,
    )
    .superRefine((value, context) => {
      const problem = value === '' ? null : trackingTemplateProblem(value, courierName)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    })
}

const awbSchema = z
  .string()
  .transform(normaliseAwb)
  .superRefine((value, context) => {
    const problem =
      value === ''
        ? 'Please enter the AWB or consignment number.'
        : value.length > SHIPMENT_LIMITS.awb
          ? `An AWB or consignment number has at most ${SHIPMENT_LIMITS.awb} characters: please check it.`
          : !/^[A-Z0-9-]+$/.test(value)
            ? 'An AWB or consignment number has only letters, digits and hyphens: please check it.'
            : value.length < SHIPMENT_LIMITS.awbMin
              ? `An AWB or consignment number has at least ${SHIPMENT_LIMITS.awbMin} characters: please check it.`
              : null
    if (problem) context.addIssue({ code: 'custom', message: problem })
  })

const courierNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter the courier’s name.')
  .min(
    SHIPMENT_LIMITS.courierNameMin,
    `Please enter the courier’s name of at least ${SHIPMENT_LIMITS.courierNameMin} characters.`,
  )
  .max(
    SHIPMENT_LIMITS.courierName,
    `Please keep the courier’s name to ${SHIPMENT_LIMITS.courierName} characters or fewer.`,
  )

/** What marking an order Shipped records: the shop's own rider needs no number, a courier does. */
export type ShipmentInput =
  | { courier: 'own_rider' }
  | { courier: TrackedCourier; awb: string }
  | { courier: 'other'; courierName: string; awb: string }

/** The Shipped dialog's fields, as it posts them: `courier`, `awb`, and `courierName` for another courier. */
export const shipmentSchema = z
  .object({
    courier: z.enum(COURIERS, 'Please choose the courier from the list.'),
    courierName: z.string().optional(),
    awb: z.string().optional(),
  })
  .transform((value, context): ShipmentInput => {
    if (value.courier === 'own_rider') return { courier: 'own_rider' }
    const awb = awbSchema.safeParse(value.awb ?? '')
    if (!awb.success) context.addIssue({ code: 'custom', path: ['awb'], message: awb.error.issues[0]!.message })
    if (value.courier === 'other') {
      const name = courierNameSchema.safeParse(value.courierName ?? '')
      if (!name.success) {
        context.addIssue({ code: 'custom', path: ['courierName'], message: name.error.issues[0]!.message })
      }
      if (!awb.success || !name.success) return z.NEVER
      return { courier: 'other', courierName: name.data, awb: awb.data }
    }
    if (!awb.success) return z.NEVER
    return { courier: value.courier, awb: awb.data }
  })

export type ShipmentFieldErrors = Partial<Record<'courier' | 'courierName' | 'awb', string>>

/** The dialog's fields checked: the shipment, or a message per field (the first problem of each). */
export function parseShipment(
  input: unknown,
): { ok: true; shipment: ShipmentInput } | { ok: false; fieldErrors: ShipmentFieldErrors } {
  const result = shipmentSchema.safeParse(input)
  if (result.success) return { ok: true, shipment: result.data }
  const fieldErrors: ShipmentFieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (field === 'courier' || field === 'courierName' || field === 'awb') fieldErrors[field] ??= issue.message
  }
  // An object that is not one (nothing posted): the courier is what is missing.
  if (Object.keys(fieldErrors).length === 0) fieldErrors.courier = 'Please choose the courier from the list.'
  return { ok: false, fieldErrors }
}

/** A shipment as the pages, the e-mails and the desk show it. */
/**
 * Where a tracking link goes, as the shopper reads it before leaving the shop: 'delhivery.com', or
 * 'shiprocket.co' for a parcel booked through Shiprocket (its page, whichever courier carries it).
 */
export function trackingSite(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return url
  }
}

export interface ShipmentView {
  courier: Courier
  /** The courier's name as the owner typed it (another courier), or null. */
  courierName: string | null
  /** The AWB or consignment number; null for the shop's own rider. */
  awb: string | null
  /** The parcel's page on the courier's website, or null when there is none. */
  trackingUrl: string | null
  /** ISO time of the shipment. */
  shippedAt: string
  /** Where a parcel booked through Shiprocket is; absent for a manual shipment (and in notices). */
  tracking?: ShipmentTracking
}

/** A booked parcel as its courier reports it. */
export interface ShipmentTracking {
  /** Null until the first report places it. */
  state: TrackState | null
  /** The courier's expected delivery day, 'YYYY-MM-DD'. */
  expectedBy: string | null
  /** The courier's reason for the last failed delivery attempt, in its own words. */
  ndrReason: string | null
  /** Newest first. */
  scans: ShipmentScan[]
}

export interface ShipmentScan {
  /** ISO time of the scan. */
  at: string
  /** What the courier wrote, as it wrote it (English). */
  activity: string
  location: string
  /** The shop's state for the scan's status; null for a scan that moves nothing (a warehouse step). */
  state: TrackState | null
}

/** The courier's name in English (the desk, the shop's own notices); pages use `courierText`. */
export function courierLabel(shipment: Pick<ShipmentView, 'courier' | 'courierName'>): string {
  if (shipment.courier === 'own_rider') return 'The shop’s own rider'
  if (shipment.courier === 'other') return shipment.courierName ?? 'Other courier'
  return COURIER_NAMES[shipment.courier]
}

/** A shipment is shown to the shopper while the order is on its way or delivered. */
export function shipmentShown(status: string): boolean {
  return status === 'shipped' || status === 'delivered'
}
