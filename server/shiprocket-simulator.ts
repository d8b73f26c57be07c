// A local stand-in for Shiprocket's external API (reference/shiprocket.md), for development and tests.
// Shiprocket has no sandbox: every call with real credentials books real parcels and debits the wallet,
// so this is the only place a test may book one. It keeps its own pickup addresses, orders, shipments
// and AWBs on a loopback port under /v1/external, answers with Shiprocket's shapes (soft failures in
// 200s included), posts tracking webhooks with the x-api-key when a test moves a parcel, and misbehaves
// on demand (see Fault). A control API under /__sim/ does the same for a shop running as another process.
import { createHmac, randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { type Context, Hono, type Next } from 'hono'
import PDFDocument from 'pdfkit'

export interface ShiprocketSimulatorOptions {
  email: string
  password: string
  /** Saved pickup addresses; default [{ name: 'Indore Kitchen', pincode: '452001' }] */
  pickupLocations?: { name: string; pincode: string }[]
  /** Where tracking webhooks go and the x-api-key they carry; without it no webhook is sent. */
  webhook?: { url: string; token: string }
  /** Token lifetime, default 864000 (10 days). */
  tokenLifetimeSeconds?: number
  /** Added to every API answer (a bench uses 200 ms). */
  latencyMs?: number
  port?: number
  /** PIN codes no courier serves, and in which of the two observed shapes Shiprocket says so. */
  unserviceablePincodes?: Record<string, 'empty' | '404'>
  /** PIN codes where no courier collects cash on delivery. */
  codlessPincodes?: string[]
}

export interface SimRequest {
  method: string
  /** After /v1/external, without leading or trailing slash: 'orders/create/adhoc', 'courier/track/awb/1904…'. */
  path: string
  /** The JSON body of a POST (login's password redacted), or the query of a GET. */
  body: Record<string, unknown>
  time: Date
  /** The HTTP status answered; absent while the answer is on its way. */
  status?: number
}

/** One tracking event of a parcel. */
export interface SimScan {
  at: Date
  /** Shiprocket's shipment status id (the reference's table). */
  statusId: number
  /** The courier's own scan code ('X-PPOM'). */
  code: string
  activity: string
  location: string
}

export interface SimShipment {
  id: number
  /** Shiprocket's order id (sr_order_id). */
  orderId: number
  channelOrderId: string
  awb: string | null
  courierId: number | null
  courierName: string | null
  /** The shipment status id: set by the booking steps (1 assigned, 2 label, 3 pickup, 5 manifest), then by the newest scan. Null before an AWB. */
  statusId: number | null
  weight: number
  length: number
  breadth: number
  height: number
  awbAssignedAt: Date | null
  /** The last courier change (status 'reassign'), allowed once in 24 h. */
  reassignedAt: Date | null
  etd: Date | null
  labelUrl: string | null
  /** Set when the pickup is requested. */
  pickupScheduledAt: Date | null
  manifestUrl: string | null
  /** Every scan of the current AWB, oldest first. */
  scans: SimScan[]
}

export interface SimOrder {
  /** Shiprocket's order id. */
  id: number
  channelOrderId: string
  createdAt: Date
  cancelled: boolean
  cod: boolean
  /** What the courier collects on COD: sub_total + shipping, gift-wrap and transaction charges - total_discount. */
  total: number
  pickupLocation: string
  /** The create request as received. */
  body: Record<string, unknown>
  shipment: SimShipment
}

export type WebhookMode = 'normal' | 'drop' | 'twice' | 'concurrent' | 'no-key' | 'wrong-key'
export type WebhookKey = 'right' | 'wrong' | 'none'

export interface AdvanceOptions {
  /** When the scan happened (default now). An `at` before the newest scan makes a late webhook: its body holds only the scans up to this one. */
  at?: Date
  activity?: string
  location?: string
  /** For 21 (UNDELIVERED): the courier's reason, put in the scan's activity. */
  ndrReason?: string
  webhook?: WebhookMode
  /** Sent as current_status_id instead of the default (the status id + 2, another numbering as in Shiprocket's sample). */
  currentStatusId?: number
  /** The event of a return shipment: sent with is_return 1 and leaves the forward shipment as it is. */
  isReturn?: boolean
}

export interface SimWebhook {
  body: object
  key: WebhookKey
  /** The shop's answer; 0 when it could not be reached, null when the webhook was dropped on purpose. */
  status: number | null
  time: Date
}

/**
 * Misbehaviour on demand. `route` is a path after /v1/external and covers the paths under it
 * ('courier/track' hits all four tracking routes); without it a fault hits every API route, login
 * included. `times` is how many matching calls it hits: by default once for the one-off faults
 * (status, slow, soft) and until clearFaults() for the modes (low-balance, unserviceable,
 * duplicate-422, random); 'always' makes a one-off persistent.
 */
export type Fault = { route?: string; times?: number | 'always' } & FaultKind

type FaultKind =
  /**
   * Answer with this HTTP status and nothing done, with the body Shiprocket or its edge gives: 500
   * `{message: 'Server Error', status_code}`, 502/503/504 nginx's HTML page, 429 'Too Many Attempts.'
   * with Retry-After, 422 'Oops! Invalid Data.' with `errors`, any other `{message, status_code}`.
   */
  | { kind: 'status'; status: number; message?: string; errors?: Record<string, string[]> }
  /**
   * Answer after `ms`. Without `succeed` nothing is done and the edge answers 504 in the end; with it
   * the call does its work at once and only the answer is late (a create that did succeed although the
   * client gave up waiting).
   */
  | { kind: 'slow'; ms: number; succeed?: boolean }
  /**
   * The route's soft failure in HTTP 200: courier/assign/awb `awb_assign_status: 0` (with `message` as
   * awb_assign_error), courier/generate/label `label_created: 0`, tracking `track_status: 0`.
   */
  | { kind: 'soft'; route: 'courier/assign/awb' | 'courier/generate/label' | 'courier/track'; message?: string }
  /** The wallet cannot pay for an AWB: assign answers a recharge message with status_code 350, in an HTTP 200 unless `httpStatus`. */
  | { kind: 'low-balance'; httpStatus?: number }
  /** No courier serves `pincode` (serviceability, and assign for an order going there). */
  | { kind: 'unserviceable'; pincode: string; shape: 'empty' | '404' }
  /** A create with an existing channel order_id gets a 422 instead of the existing order (with `cancelledOnly`, only when that order is cancelled). */
  | { kind: 'duplicate-422'; cancelledOnly?: boolean }
  /**
   * For drills: each matching call fails with probability `rate` in one of `kinds` (default all; a slow
   * one waits `slowMs`, default 10 s), drawn from a sequence seeded by `seed`, so a drill can be replayed.
   */
  | { kind: 'random'; rate: number; seed: number; kinds?: RandomFaultKind[]; slowMs?: number }

export type RandomFaultKind = 500 | 502 | 503 | 504 | 429 | 'slow' | 'slow-success'

export interface ShiprocketSimulator {
  /** The API base, e.g. http://127.0.0.1:PORT/v1/external */
  url: string
  /** http://127.0.0.1:PORT (the control API lives at /__sim/...). */
  origin: string
  /** Every API request received (login included), in order. */
  requests: SimRequest[]
  /** Every tracking webhook built, in order, with the shop's answer. */
  webhooks: SimWebhook[]
  /** The most API calls it was answering at one time (a bench's bound on calls in flight). */
  peakInFlight(): number
  /** API calls to `path` whose body (or query) has the fields of `match`: calls('orders/create/adhoc', { order_id: 'A1B2C3D4' }). */
  calls(path: string, match?: Record<string, unknown>): number
  fault(fault: Fault): void
  clearFaults(): void
  /** Invalidates every issued token (an expiry mid-session). */
  expireTokens(): void
  /**
   * Moves a shipment (by AWB) to a status id of the reference's table: appends a scan, updates the
   * shipment (and cancels the order for 8 or 45) and posts the webhook as `options.webhook` says.
   * Resolves with the shop's answer status(es), none when no webhook went out.
   */
  advance(awb: string, statusId: number, options?: AdvanceOptions): Promise<number[]>
  /** Posts any webhook body (unknown AWB, a replayed old one) with the right, a wrong or no key; resolves with the shop's status. */
  sendWebhook(body: object, key?: WebhookKey): Promise<number>
  order(channelOrderId: string): SimOrder | undefined
  shipmentByAwb(awb: string): SimShipment | undefined
  close(): Promise<void>
}

/** Shiprocket's shipment status ids and names (the reference's table and its further ids). */
const SHIPROCKET_STATUSES: Record<number, string> = {
  1: 'AWB ASSIGNED',
  2: 'LABEL GENERATED',
  3: 'PICKUP SCHEDULED',
  4: 'PICKUP QUEUED',
  5: 'MANIFEST GENERATED',
  6: 'SHIPPED',
  7: 'DELIVERED',
  8: 'CANCELED',
  9: 'RTO INITIATED',
  10: 'RTO DELIVERED',
  12: 'LOST',
  13: 'PICKUP ERROR',
  14: 'RTO ACKNOWLEDGED',
  15: 'PICKUP RESCHEDULED',
  16: 'CANCELLATION REQUESTED',
  17: 'OUT FOR DELIVERY',
  18: 'IN TRANSIT',
  19: 'OUT FOR PICKUP',
  20: 'PICKUP EXCEPTION',
  21: 'UNDELIVERED',
  22: 'DELAYED',
  23: 'PARTIAL_DELIVERED',
  24: 'DESTROYED',
  25: 'DAMAGED',
  26: 'FULFILLED',
  27: 'PICKUP BOOKED',
  38: 'REACHED AT DESTINATION HUB',
  39: 'MISROUTED',
  40: 'RTO_NDR',
  41: 'RTO_OFD',
  42: 'PICKED UP',
  44: 'DISPOSED OFF',
  45: 'CANCELLED_BEFORE_DISPATCHED',
  46: 'RTO_IN_TRANSIT',
  47: 'QC FAILED',
  75: 'RTO_LOCK',
  76: 'UNTRACEABLE',
  77: 'ISSUE_RELATED_TO_THE_RECIPIENT',
  78: 'REACHED_BACK_AT_SELLER_CITY',
}

/** The courier's scan code and text for the statuses a test moves parcels through most. */
const SCAN_TEXTS: Record<number, [code: string, activity: string]> = {
  1: ['AWB', 'AWB Assigned'],
  3: ['PUS', 'Pickup Scheduled'],
  5: ['X-UCI', 'Manifested - Manifest uploaded'],
  6: ['X-PIOM', 'Shipped - Dispatched from origin'],
  7: ['EOD-38', 'Delivered'],
  8: ['CAN', 'Shipment cancelled'],
  9: ['RT-101', 'RTO Initiated'],
  10: ['RT-110', 'RTO Delivered - Returned to shipper'],
  12: ['LT-100', 'Shipment lost'],
  17: ['X-DDD3FD', 'Out for Delivery'],
  18: ['X-ILL1F', 'In Transit - Bag Received at Facility'],
  19: ['X-ASP', 'Out for Pickup'],
  21: ['EOD-74', 'Undelivered'],
  38: ['X-IBD3F', 'Reached at Destination Hub'],
  42: ['X-PPOM', 'In Transit - Shipment picked up'],
  46: ['RT-IT', 'RTO In Transit'],
}

/** Statuses scanned where the parcel starts, and on the way; the rest at the destination. */
const ORIGIN_SIDE = new Set([1, 2, 3, 4, 5, 6, 8, 10, 13, 14, 15, 19, 20, 27, 42, 45, 78])
const ON_THE_WAY = new Set([18, 22, 39, 46])
/** A parcel in one of these has not left the seller yet. */
const BEFORE_PICKUP = new Set([1, 2, 3, 4, 5, 13, 15, 19, 20, 27])
const CANCELLED = new Set([8, 45])
/** The booking steps raise the status only among these, so a step never hides a scan. */
const BOOKING_STEPS = new Set([1, 2, 3, 4, 5])

const COURIERS = [
  { id: 43, name: 'Delhivery Surface', surface: true, cod: true, days: 4, rating: 4.6, price: 1, awbPrefix: '1904' },
  { id: 51, name: 'Xpressbees Surface', surface: true, cod: true, days: 5, rating: 4.2, price: 0.9, awbPrefix: '1424' },
  { id: 2, name: 'Blue Dart Air', surface: false, cod: true, days: 2, rating: 4.8, price: 2.1, awbPrefix: '7795' },
  // Serves everywhere but never collects cash: a COD order must not pick it.
  { id: 6, name: 'DTDC Surface', surface: true, cod: false, days: 6, rating: 3.9, price: 0.85, awbPrefix: '5002' },
]
type Courier = (typeof COURIERS)[number]

/** Rupees per 0.5 kg slab by zone (local, same circle, same region, national): the first, then each next. */
const FIRST_SLAB = [30, 38, 45, 52]
const NEXT_SLAB = [25, 30, 38, 45]
const COD_CHARGE = 30

const DEFAULT_UNSERVICEABLE: Record<string, 'empty' | '404'> = { '744301': 'empty', '194101': '404' }
const DEFAULT_CODLESS = ['796001']

const CITIES: Record<string, [city: string, state: string]> = {
  '110': ['New Delhi', 'Delhi'],
  '194': ['Leh', 'Ladakh'],
  '302': ['Jaipur', 'Rajasthan'],
  '380': ['Ahmedabad', 'Gujarat'],
  '400': ['Mumbai', 'Maharashtra'],
  '411': ['Pune', 'Maharashtra'],
  '452': ['Indore', 'Madhya Pradesh'],
  '462': ['Bhopal', 'Madhya Pradesh'],
  '500': ['Hyderabad', 'Telangana'],
  '560': ['Bengaluru', 'Karnataka'],
  '600': ['Chennai', 'Tamil Nadu'],
  '700': ['Kolkata', 'West Bengal'],
  '744': ['Car Nicobar', 'Andaman and Nicobar Islands'],
  '796': ['Aizawl', 'Mizoram'],
}
/** Postal circles by the PIN's first two digits (the first at or below it). */
const STATES: [number, string][] = [
  [11, 'Delhi'],
  [12, 'Haryana'],
  [14, 'Punjab'],
  [17, 'Himachal Pradesh'],
  [18, 'Jammu and Kashmir'],
  [20, 'Uttar Pradesh'],
  [30, 'Rajasthan'],
  [36, 'Gujarat'],
  [40, 'Maharashtra'],
  [45, 'Madhya Pradesh'],
  [49, 'Chhattisgarh'],
  [50, 'Telangana'],
  [51, 'Andhra Pradesh'],
  [56, 'Karnataka'],
  [60, 'Tamil Nadu'],
  [67, 'Kerala'],
  [70, 'West Bengal'],
  [75, 'Odisha'],
  [78, 'Assam'],
  [80, 'Bihar'],
  [90, 'Army Postal Service'],
]

const CHANNEL_ID = 3422553
const COMPANY_ID = 3502136
const USER_ID = 5950135
const DAY_MS = 86_400_000
const WEBHOOK_TIMEOUT_MS = 10_000
const NO_ACTIVITIES = 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.'
const ONE_OFF_FAULTS = new Set<Fault['kind']>(['status', 'slow', 'soft'])
const FAULT_KINDS = new Set<string>([
  'status',
  'slow',
  'soft',
  'low-balance',
  'unserviceable',
  'duplicate-422',
  'random',
])
const WEBHOOK_MODES = new Set<string>(['normal', 'drop', 'twice', 'concurrent', 'no-key', 'wrong-key'])
const RANDOM_KINDS: RandomFaultKind[] = [500, 502, 503, 504, 429, 'slow', 'slow-success']
const PIN = /^[1-9]\d{5}$/

type Input = Record<string, unknown>
type Env = { Variables: { input: Input } }
type ActiveFault = { fault: Fault; left: number; random?: () => number }
type UpfrontFault = Extract<Fault, { kind: 'status' }> | Extract<Fault, { kind: 'slow' }>

export async function startShiprocketSimulator(options: ShiprocketSimulatorOptions): Promise<ShiprocketSimulator> {
  const lifetime = options.tokenLifetimeSeconds ?? 864_000
  const signingKey = randomBytes(32)
  const pickups = (options.pickupLocations ?? [{ name: 'Indore Kitchen', pincode: '452001' }]).map((pickup, index) => ({
    ...pickup,
    id: 1_204_551 + index,
    ...place(pickup.pincode),
  }))
  const unserviceable = options.unserviceablePincodes ?? DEFAULT_UNSERVICEABLE
  const codless = new Set(options.codlessPincodes ?? DEFAULT_CODLESS)
  /** Issued tokens and their expiry (seconds). */
  const tokens = new Map<string, number>()
  const orders = new Map<string, SimOrder>()
  const ordersById = new Map<number, SimOrder>()
  const shipments = new Map<number, SimShipment>()
  const byAwb = new Map<string, SimShipment>()
  const files = new Map<string, Buffer>()
  const requests: SimRequest[] = []
  let inFlight = 0
  let peakInFlight = 0
  const webhooks: SimWebhook[] = []
  let faults: ActiveFault[] = []
  let nextOrderId = 612_004_871
  let nextShipmentId = 608_113_902
  let nextAwb = 424_751_540
  let nextManifest = 3051
  let origin = ''

  const app = new Hono<Env>({ strict: false })
  const api = app.basePath('/v1/external')

  // Every call is logged, slowed by latencyMs, may meet an upfront fault, and needs a live token.
  api.use('*', async (c, next) => {
    inFlight++
    peakInFlight = Math.max(peakInFlight, inFlight)
    try {
      return await answer(c, next)
    } finally {
      inFlight--
    }
  })
  async function answer(c: Context<Env>, next: Next) {
    const path = apiPath(c.req.path)
    const input = c.req.method === 'GET' ? c.req.query() : asObject(await c.req.json().catch(() => null))
    c.set('input', input)
    const entry: SimRequest = {
      method: c.req.method,
      path,
      body: path === 'auth/login' ? { ...input, password: '[redacted]' } : input,
      time: new Date(),
    }
    requests.push(entry)
    if (options.latencyMs) await sleep(options.latencyMs)
    const upfront = upfrontFault(path)
    let refusal: Response | undefined
    if (upfront?.kind === 'status') refusal = failure(upfront.status, upfront.message, upfront.errors)
    else if (upfront?.kind === 'slow' && !upfront.succeed) {
      await sleep(upfront.ms)
      refusal = failure(504)
    } else if (path !== 'auth/login' && !authorised(c.req.header('authorization'))) {
      refusal = json({ message: 'Unauthenticated.' }, 401)
    }
    if (refusal) {
      entry.status = refusal.status
      return refusal
    }
    await next()
    if (upfront?.kind === 'slow') await sleep(upfront.ms)
    entry.status = c.res.status
  }

  api.post('/auth/login', (c) => {
    const input = c.get('input')
    const errors = requiredErrors(input, ['email', 'password'])
    if (errors) return invalid(errors)
    if (input.email !== options.email || input.password !== options.password) {
      return json({ message: 'Invalid email and password combination', status_code: 400 }, 400)
    }
    const issuedAt = Math.floor(Date.now() / 1000)
    const token = jwt({
      iss: `${origin}/v1/external/auth/login`,
      iat: issuedAt,
      exp: issuedAt + lifetime,
      nbf: issuedAt,
      jti: randomBytes(8).toString('hex'),
      sub: USER_ID,
    })
    tokens.set(token, issuedAt + lifetime)
    return c.json({
      id: USER_ID,
      first_name: 'API',
      last_name: 'User',
      email: options.email,
      company_id: COMPANY_ID,
      created_at: istDateTime(new Date(issuedAt * 1000)),
      token,
    })
  })

  api.post('/auth/logout', (c) => {
    tokens.delete(bearer(c.req.header('authorization')) ?? '')
    return c.json({ message: 'Successfully logged out' })
  })

  api.get('/settings/company/pickup', (c) =>
    c.json({
      data: {
        shipping_address: pickups.map((pickup) => ({
          id: pickup.id,
          pickup_location: pickup.name,
          address_type: null,
          address: `Shop 4, ${pickup.city} Main Road`,
          address_2: '',
          city: pickup.city,
          state: pickup.state,
          country: 'India',
          pin_code: pickup.pincode,
          email: options.email,
          phone: '9876500000',
          name: pickup.name,
          company_id: COMPANY_ID,
          status: 2,
          phone_verified: 1,
          rto_address_id: pickup.id,
        })),
        allow_more: '1',
        is_blackbox_seller: false,
        recent_addresses: [],
      },
    }),
  )

  api.get('/courier/serviceability', (c) => {
    const query = c.get('input')
    let pickup = text(query.pickup_postcode)
    let delivery = text(query.delivery_postcode)
    let weight = number(query.weight)
    let cod = text(query.cod)
    const byOrder = !blank(query.order_id)
    if (byOrder) {
      const order = ordersById.get(number(query.order_id))
      if (!order) return c.json({ status: 404, message: 'Order does not exist!' })
      pickup ||= pickupOf(order).pincode
      delivery ||= text(shipTo(order.body).pincode)
      weight = order.shipment.weight
      cod = order.cod ? '1' : '0'
    }
    const errors: Record<string, string[]> = {}
    if (!PIN.test(pickup)) errors.pickup_postcode = ['The pickup postcode must be 6 digits.']
    if (!PIN.test(delivery)) errors.delivery_postcode = ['The delivery postcode must be 6 digits.']
    if (!byOrder && blank(query.weight)) errors.weight = ['The weight field is required when order id is not present.']
    else if (!(weight > 0)) errors.weight = ['The weight must be greater than 0.']
    if (!byOrder && blank(query.cod)) errors.cod = ['The cod field is required when order id is not present.']
    else if (cod !== '0' && cod !== '1') errors.cod = ['The selected cod is invalid.']
    if (text(query.is_return) === '1' && blank(query.declared_value)) {
      errors.declared_value = ['The declared value field is required when is return is 1.']
    }
    if (!byOrder && (blank(query.weight) || blank(query.cod))) {
      errors.order_id = ['The order id field is required when weight or cod is not present.']
    }
    if (Object.keys(errors).length > 0) return invalid(errors, 'Required field missing')
    const shape = unserviceableShape(delivery, 'courier/serviceability')
    if (shape === '404') return c.json({ status: 404, message: `Delivery is not available for pincode ${delivery}` })
    const mode = text(query.mode).toLowerCase()
    const parcel = {
      weight,
      length: number(query.length),
      breadth: number(query.breadth),
      height: number(query.height),
    }
    const found = shape === 'empty' ? [] : quotes(pickup, delivery, parcel, cod === '1')
    const listed = found.filter((q) => mode === '' || q.courier.surface === (mode === 'surface'))
    const recommended = recommend(listed, cod === '1')?.courier.id ?? null
    const { city, state } = place(delivery)
    return c.json({
      status: 200,
      currency: 'INR',
      data: {
        available_courier_companies: listed.map((q) => ({
          courier_company_id: q.courier.id,
          courier_name: q.courier.name,
          rate: q.rate,
          freight_charge: q.freight,
          cod_charges: q.codCharges,
          rto_charges: q.freight,
          cod: q.cod ? 1 : 0,
          etd: etdDate(q.etd),
          estimated_delivery_days: String(q.days),
          etd_hours: q.days * 24 - 5,
          is_surface: q.courier.surface,
          min_weight: 0.5,
          charge_weight: q.chargeWeight,
          rating: q.courier.rating,
          city,
          state,
          postcode: delivery,
          blocked: 0,
        })),
        blocked_courier_companies: [],
        recommended_courier_company_id: recommended,
        shiprocket_recommended_courier_id: recommended,
      },
    })
  })

  api.post('/orders/create/adhoc', (c) => {
    const input = c.get('input')
    const errors = orderErrors(input)
    if (errors) return invalid(errors)
    if (!blank(input.channel_id) && number(input.channel_id) !== CHANNEL_ID) {
      return json({ message: 'Given channel id does not exist', status_code: 400 }, 400)
    }
    const channelOrderId = text(input.order_id)
    const existing = orders.get(channelOrderId)
    if (existing) {
      // Shiprocket does not touch the existing order; by default it answers it, cancelled or not.
      const refuse = take('duplicate-422', 'orders/create/adhoc', (f) => !f.cancelledOnly || existing.cancelled)
      if (refuse) return invalid({ order_id: ['The order id has already been taken.'] })
      return c.json(createAnswer(existing))
    }
    const shipment: SimShipment = {
      id: nextShipmentId++,
      orderId: nextOrderId++,
      channelOrderId,
      awb: null,
      courierId: null,
      courierName: null,
      statusId: null,
      weight: number(input.weight),
      length: number(input.length),
      breadth: number(input.breadth),
      height: number(input.height),
      awbAssignedAt: null,
      reassignedAt: null,
      etd: null,
      labelUrl: null,
      pickupScheduledAt: null,
      manifestUrl: null,
      scans: [],
    }
    const charges = ['shipping_charges', 'giftwrap_charges', 'transaction_charges'].reduce(
      (sum, field) => sum + (number(input[field]) || 0),
      number(input.sub_total),
    )
    const order: SimOrder = {
      id: shipment.orderId,
      channelOrderId,
      createdAt: new Date(),
      cancelled: false,
      cod: text(input.payment_method).toUpperCase() === 'COD',
      total: round2(charges - (number(input.total_discount) || 0)),
      pickupLocation: text(input.pickup_location),
      body: input,
      shipment,
    }
    orders.set(channelOrderId, order)
    ordersById.set(order.id, order)
    shipments.set(shipment.id, shipment)
    return c.json(createAnswer(order))
  })

  api.get('/orders/show/:id', (c) => {
    const order = ordersById.get(number(c.req.param('id')))
    if (!order) return json({ message: 'Order not found.', status_code: 404 }, 404)
    return c.json({ data: orderData(order) })
  })

  // Shiprocket's search is loose: it finds the search text inside channel order ids (104233 also finds
  // 104233-R2), and matches an AWB or its own order id exactly.
  api.get('/orders', (c) => {
    const query = c.get('input')
    const search = text(query.search).toLowerCase()
    const perPage = Math.max(1, number(query.per_page) || 15)
    const page = Math.max(1, number(query.page) || 1)
    const found = [...ordersById.values()]
      .filter(
        (order) =>
          search === '' ||
          order.channelOrderId.toLowerCase().includes(search) ||
          order.shipment.awb === search ||
          String(order.id) === search,
      )
      .reverse()
    const shown = found.slice((page - 1) * perPage, page * perPage)
    return c.json({
      data: shown.map(orderData),
      meta: {
        pagination: {
          total: found.length,
          count: shown.length,
          per_page: perPage,
          current_page: page,
          total_pages: Math.ceil(found.length / perPage),
          links: {},
        },
      },
    })
  })

  api.post('/courier/assign/awb', (c) => {
    const input = c.get('input')
    if (blank(input.shipment_id)) return invalid({ shipment_id: ['The shipment id field is required.'] })
    const shipment = shipments.get(number(input.shipment_id))
    if (!shipment) return invalid({ shipment_id: ['The selected shipment id is invalid.'] })
    const order = ordersById.get(shipment.orderId)!
    const lowBalance = take('low-balance', 'courier/assign/awb')
    if (lowBalance) {
      return json(
        { status_code: 350, message: 'Your wallet balance is low. Please recharge your wallet to assign AWB.' },
        lowBalance.httpStatus ?? 200,
      )
    }
    const soft = take('soft', 'courier/assign/awb')
    if (soft) return c.json(assignFailed(soft.message ?? 'Courier is not available for this shipment right now.'))
    if (order.cancelled) return c.json(assignFailed('Order is cancelled.'))
    const live = shipment.awb !== null && shipment.statusId !== 8
    const reassign = input.status === 'reassign' && live
    if (live && !reassign) return c.json(assignFailed('AWB is already assigned'))
    const now = new Date()
    if (reassign && (wentOutForPickup(shipment) || now.getTime() - (shipment.reassignedAt?.getTime() ?? 0) < DAY_MS)) {
      return json({ message: 'Oops! Cannot reassign courier for this shipment.', status_code: 400 }, 400)
    }
    const to = shipTo(order.body)
    const delivery = text(to.pincode)
    const found = unserviceableShape(delivery, 'courier/assign/awb')
      ? []
      : quotes(pickupOf(order).pincode, delivery, shipment, order.cod)
    const chosen = blank(input.courier_id)
      ? recommend(found, order.cod)
      : found.find((q) => q.courier.id === number(input.courier_id))
    if (!chosen) return c.json(assignFailed('Selected courier is not serviceable for this shipment.'))
    if (order.cod && !chosen.cod) return c.json(assignFailed('Selected courier does not collect COD at this pincode.'))
    if (shipment.awb) byAwb.delete(shipment.awb)
    const awb = `${chosen.courier.awbPrefix}${String(nextAwb++).padStart(10, '0')}`
    Object.assign(shipment, {
      awb,
      courierId: chosen.courier.id,
      courierName: chosen.courier.name,
      statusId: 1,
      awbAssignedAt: now,
      reassignedAt: reassign ? now : shipment.reassignedAt,
      etd: chosen.etd,
      labelUrl: null,
      pickupScheduledAt: null,
      manifestUrl: null,
      scans: [],
    } satisfies Partial<SimShipment>)
    byAwb.set(awb, shipment)
    return c.json({
      awb_assign_status: 1,
      response: {
        data: {
          awb_code: awb,
          courier_company_id: chosen.courier.id,
          courier_name: chosen.courier.name,
          shipment_id: shipment.id,
          order_id: order.id,
          cod: order.cod ? 1 : 0,
          applied_weight: chosen.chargeWeight,
          pickup_scheduled_date: istDateTime(nextWorkingDay(now)),
          routing_code: '',
          awb_code_status: 1,
        },
      },
    })
  })

  api.post('/courier/generate/label', async (c) => {
    const ids = c.get('input').shipment_id
    if (!Array.isArray(ids)) return invalid({ shipment_id: ['The shipment id must be an array.'] })
    const soft = take('soft', 'courier/generate/label')
    const printable = soft ? [] : ids.map((id) => shipments.get(number(id))).filter(isLive)
    if (printable.length === 0) {
      return c.json({ label_created: 0, not_created: [], response: 'No valid shipment ids to print label' })
    }
    const name = `label-${printable.map((shipment) => shipment.id).join('-')}.pdf`
    files.set(name, await labelPdf(printable))
    const labelUrl = `${origin}/__sim/files/${name}`
    for (const shipment of printable) {
      shipment.labelUrl = labelUrl
      bookingStep(shipment, 2)
    }
    return c.json({
      label_created: 1,
      label_url: labelUrl,
      response: 'Label has been created and uploaded successfully!',
      not_created: ids.filter((id) => !printable.some((shipment) => shipment.id === number(id))),
    })
  })

  api.post('/courier/generate/pickup', (c) => {
    const ids = c.get('input').shipment_id
    if (!Array.isArray(ids) || ids.length === 0) return invalid({ shipment_id: ['The shipment id must be an array.'] })
    if (ids.length > 1) return invalid({ shipment_id: ['Only one shipment id can be sent per pickup request.'] })
    const shipment = shipments.get(number(ids[0]))
    if (!shipment || !isLive(shipment)) return json({ message: 'Invalid shipment id', status_code: 400 }, 400)
    if (shipment.pickupScheduledAt) {
      return json(
        { message: 'Already in Pickup Queue. Pickup is already generated for this shipment.', status_code: 400 },
        400,
      )
    }
    const now = new Date()
    shipment.pickupScheduledAt = nextWorkingDay(now)
    bookingStep(shipment, 3)
    const pickupDate = istDateTime(shipment.pickupScheduledAt)
    const today = istDateTime(now)
    return c.json({
      pickup_status: 1,
      response: {
        pickup_scheduled_date: pickupDate,
        pickup_token_number: `Reference No: 194_NKSHOP ${shipment.id}_${today.slice(8, 10)}${today.slice(5, 7)}${today.slice(0, 4)}`,
        status: 3,
        pickup_generated_date: { date: `${today}.000000`, timezone_type: 3, timezone: 'Asia/Kolkata' },
        data: `Pickup is confirmed by ${shipment.courierName} For AWB :- ${shipment.awb}`,
      },
    })
  })

  api.post('/manifests/generate', async (c) => {
    const ids = c.get('input').shipment_id
    if (!Array.isArray(ids) || ids.length === 0) return invalid({ shipment_id: ['The shipment id must be an array.'] })
    const list = ids.map((id) => shipments.get(number(id)))
    if (!list.every(isLive)) return json({ message: 'Invalid shipment id', status_code: 400 }, 400)
    const manifested = list.filter((shipment) => shipment.manifestUrl !== null)
    if (manifested.length > 0) {
      return json(
        {
          message:
            'Manifest already generated for some shipment_ids, please use print manifest api to get the manifest',
          already_manifested_shipment_ids: manifested.map((shipment) => shipment.id),
        },
        400,
      )
    }
    // The docs have the manifest made after the pickup request.
    const waiting = list.filter((shipment) => shipment.pickupScheduledAt === null)
    if (waiting.length > 0) {
      const names = waiting.map((shipment) => shipment.id).join(', ')
      return json({ message: `Pickup is not generated for shipment ids: ${names}`, status_code: 400 }, 400)
    }
    const name = `manifest-${nextManifest++}.pdf`
    files.set(name, await manifestPdf(name, list))
    const manifestUrl = `${origin}/__sim/files/${name}`
    for (const shipment of list) {
      shipment.manifestUrl = manifestUrl
      bookingStep(shipment, 5)
    }
    return c.json({ status: 1, manifest_url: manifestUrl })
  })

  api.post('/manifests/print', (c) => {
    const ids = c.get('input').order_ids
    if (!Array.isArray(ids) || ids.length === 0) return invalid({ order_ids: ['The order ids must be an array.'] })
    const manifestUrl = ids.map((id) => ordersById.get(number(id))?.shipment.manifestUrl).find(Boolean)
    if (!manifestUrl) return json({ message: 'Manifest is not generated for these orders.', status_code: 400 }, 400)
    return c.json({ manifest_url: manifestUrl })
  })

  api.post('/orders/cancel', (c) => {
    const ids = c.get('input').ids
    if (!Array.isArray(ids) || ids.length === 0) return invalid({ ids: ['The ids field is required.'] })
    const list = ids.map((id) => ordersById.get(number(id)))
    if (!list.every((order) => order !== undefined)) {
      return json({ message: 'Trying to get property of non-object', status_code: 500 }, 500)
    }
    const gone = list.filter((order) => !order.cancelled && pickedUp(order.shipment))
    if (gone.length > 0) {
      const names = gone.map((order) => order.id).join(', ')
      return json(
        { message: `Order ${names} cannot be cancelled as it has already been picked up.`, status_code: 400 },
        400,
      )
    }
    for (const order of list.filter((order) => !order.cancelled)) {
      order.cancelled = true
      const shipment = order.shipment
      if (shipment.awb && shipment.statusId !== 8) void announce(shipment, 8, { activity: 'Cancelled by seller' })
    }
    return c.body(null, 204)
  })

  api.post('/orders/cancel/shipment/awbs', (c) => {
    const awbs = c.get('input').awbs
    if (!Array.isArray(awbs) || awbs.length === 0) return invalid({ awbs: ['The awbs field is required.'] })
    if (awbs.length > 2000) return invalid({ awbs: ['The awbs may not have more than 2000 items.'] })
    const refused = awbs.filter((awb) => {
      const shipment = byAwb.get(text(awb))
      return !shipment || shipment.statusId === 8 || wentOutForPickup(shipment)
    })
    if (refused.length > 0) {
      return json(
        {
          message: `Cannot cancel AWB ${refused.join(', ')}: not found, already cancelled, or out for pickup already.`,
          status_code: 400,
        },
        400,
      )
    }
    // The order stays; its shipment may get a new AWB.
    for (const awb of awbs) void announce(byAwb.get(text(awb))!, 8, { activity: 'Shipment cancelled by seller' })
    return c.json({ message: 'Bulk Shipment cancellation is in progress. Please wait for some time.' })
  })

  api.get('/courier/track/awb/:awb', (c) => {
    const soft = take('soft', apiPath(c.req.path))
    return c.json({ tracking_data: trackingData(byAwb.get(c.req.param('awb')), soft) })
  })

  api.get('/courier/track/shipment/:id', (c) => {
    const soft = take('soft', apiPath(c.req.path))
    return c.json({ tracking_data: trackingData(shipments.get(number(c.req.param('id'))), soft) })
  })

  api.get('/courier/track', (c) => {
    const query = c.get('input')
    if (blank(query.order_id)) return invalid({ order_id: ['The order id field is required.'] })
    if (!blank(query.channel_id) && number(query.channel_id) !== CHANNEL_ID) return c.json([])
    const soft = take('soft', 'courier/track')
    const order = orders.get(text(query.order_id))
    return c.json(order ? [{ tracking_data: trackingData(order.shipment, soft) }] : [])
  })

  api.post('/courier/track/awbs', (c) => {
    const awbs = c.get('input').awbs
    if (!Array.isArray(awbs) || awbs.length === 0) return invalid({ awbs: ['The awbs field is required.'] })
    if (awbs.length > 50) return invalid({ awbs: ['The awbs may not have more than 50 items.'] })
    const soft = take('soft', 'courier/track/awbs')
    return c.json(
      Object.fromEntries(awbs.map((awb) => [text(awb), { tracking_data: trackingData(byAwb.get(text(awb)), soft) }])),
    )
  })

  app.notFound((c) =>
    c.req.path.startsWith('/v1/external/')
      ? c.json({ message: '404 Not Found', status_code: 404 }, 404)
      : c.json({ message: 'Not Found' }, 404),
  )

  // The control API, for a shop running as another process (and a person trying the shop).
  app.post('/__sim/advance', async (c) => {
    const body = asObject(await c.req.json().catch(() => null))
    if (typeof body.awb !== 'string' || typeof body.statusId !== 'number') {
      return c.json({ message: 'awb (a string) and statusId (a number) are required' }, 400)
    }
    const shipment = byAwb.get(body.awb)
    if (!shipment) return c.json({ message: `no shipment with AWB ${body.awb}` }, 404)
    if (!(body.statusId in SHIPROCKET_STATUSES)) return c.json({ message: `unknown status id ${body.statusId}` }, 400)
    const at = typeof body.at === 'string' ? new Date(body.at) : undefined
    if (at && Number.isNaN(at.getTime())) return c.json({ message: 'at: an ISO date and time' }, 400)
    const webhook = optionalText(body.webhook)
    if (webhook !== undefined && !WEBHOOK_MODES.has(webhook)) {
      return c.json({ message: `webhook: one of ${[...WEBHOOK_MODES].join(', ')}` }, 400)
    }
    const statuses = await advance(body.awb, body.statusId, {
      at,
      activity: optionalText(body.activity),
      location: optionalText(body.location),
      ndrReason: optionalText(body.ndrReason),
      webhook: webhook as WebhookMode | undefined,
      currentStatusId: typeof body.currentStatusId === 'number' ? body.currentStatusId : undefined,
      isReturn: body.isReturn === true,
    })
    return c.json({ statuses })
  })
  app.post('/__sim/faults', async (c) => {
    const body = asObject(await c.req.json().catch(() => null))
    if (!FAULT_KINDS.has(text(body.kind)))
      return c.json({ message: `kind: one of ${[...FAULT_KINDS].join(', ')}` }, 400)
    addFault(body as Fault)
    return c.body(null, 204)
  })
  app.delete('/__sim/faults', (c) => {
    faults = []
    return c.body(null, 204)
  })
  app.post('/__sim/expire-tokens', (c) => {
    tokens.clear()
    return c.body(null, 204)
  })
  app.post('/__sim/webhook', async (c) => {
    const body = asObject(await c.req.json().catch(() => null))
    if (!options.webhook) return c.json({ message: 'no webhook is configured' }, 409)
    const key = (['right', 'wrong', 'none'] as const).find((k) => k === body.key) ?? 'right'
    return c.json({ status: await post(asObject(body.body), key) })
  })
  app.get('/__sim/requests', (c) => c.json(requests))
  app.get('/__sim/shipments', (c) =>
    c.json(
      [...shipments.values()].map((shipment) => ({
        shipmentId: shipment.id,
        srOrderId: shipment.orderId,
        channelOrderId: shipment.channelOrderId,
        awb: shipment.awb,
        courier: shipment.courierName,
        statusId: shipment.statusId,
        status: shipment.statusId === null ? 'NEW' : SHIPROCKET_STATUSES[shipment.statusId],
        orderCancelled: ordersById.get(shipment.orderId)?.cancelled ?? false,
      })),
    ),
  )
  app.get('/__sim/files/:name', (c) => {
    const file = files.get(c.req.param('name'))
    if (!file) return c.json({ message: 'Not Found' }, 404)
    return c.body(new Uint8Array(file), 200, { 'Content-Type': 'application/pdf' })
  })

  function addFault(fault: Fault) {
    const times = fault.times ?? (ONE_OFF_FAULTS.has(fault.kind) ? 1 : 'always')
    faults.push({
      fault,
      left: times === 'always' ? Number.POSITIVE_INFINITY : times,
      random: fault.kind === 'random' ? seededRandom(fault.seed) : undefined,
    })
  }

  /** The first live fault of this kind for this path (and `test`), used up by one. */
  function take<K extends Fault['kind']>(
    kind: K,
    path: string,
    test: (fault: Extract<Fault, { kind: K }>) => boolean = () => true,
  ): Extract<Fault, { kind: K }> | undefined {
    const found = faults.find(
      (active) =>
        active.fault.kind === kind &&
        active.left > 0 &&
        covers(active.fault.route, path) &&
        test(active.fault as Extract<Fault, { kind: K }>),
    )
    if (!found) return undefined
    found.left--
    return found.fault as Extract<Fault, { kind: K }>
  }

  /** A fault that strikes before the route runs: a status, a slow answer, or one drawn by a random fault. */
  function upfrontFault(path: string): UpfrontFault | undefined {
    for (const active of faults) {
      const { fault } = active
      if (active.left <= 0 || !covers(fault.route, path)) continue
      if (fault.kind === 'status' || fault.kind === 'slow') {
        active.left--
        return fault
      }
      if (fault.kind === 'random' && active.random && active.random() < fault.rate) {
        active.left--
        const kinds = fault.kinds?.length ? fault.kinds : RANDOM_KINDS
        const pick = kinds[Math.floor(active.random() * kinds.length)]!
        if (typeof pick === 'number') return { kind: 'status', status: pick }
        return { kind: 'slow', ms: fault.slowMs ?? 10_000, succeed: pick === 'slow-success' }
      }
    }
    return undefined
  }

  function unserviceableShape(pincode: string, path: string) {
    return take('unserviceable', path, (f) => f.pincode === pincode)?.shape ?? unserviceable[pincode]
  }

  function quotes(
    pickup: string,
    delivery: string,
    parcel: { weight: number; length: number; breadth: number; height: number },
    cod: boolean,
  ) {
    // The zone: local, same postal circle, same region, or national, by the PIN codes' common first digits.
    const zone = [3, 2, 1].findIndex((digits) => pickup.slice(0, digits) === delivery.slice(0, digits))
    const zoneIndex = zone === -1 ? 3 : zone
    const volumetric = ((parcel.length || 0) * (parcel.breadth || 0) * (parcel.height || 0)) / 5000
    const slabs = Math.ceil(Math.max(parcel.weight, volumetric, 0.5) / 0.5)
    return (
      COURIERS
        // Blue Dart's air network does not reach the east, the north-east or the islands here.
        .filter((courier) => courier.surface || !'789'.includes(delivery[0]!))
        .map((courier) => {
          const collects = courier.cod && !codless.has(delivery)
          const freight = round2((FIRST_SLAB[zoneIndex]! + NEXT_SLAB[zoneIndex]! * (slabs - 1)) * courier.price)
          const codCharges = cod && collects ? COD_CHARGE : 0
          const days = Math.max(1, courier.days - 3 + zoneIndex)
          return {
            courier,
            cod: collects,
            freight,
            codCharges,
            rate: round2(freight + codCharges),
            days,
            etd: new Date(Date.now() + days * DAY_MS),
            chargeWeight: slabs * 0.5,
          }
        })
    )
  }

  /** Shiprocket's pick: the best-rated surface courier that can take the payment mode. */
  function recommend<T extends { courier: Courier; cod: boolean }>(list: T[], cod: boolean): T | undefined {
    return list
      .filter((q) => q.courier.surface && (q.cod || !cod))
      .sort((a, b) => b.courier.rating - a.courier.rating)[0]
  }

  function pickupOf(order: SimOrder) {
    return pickups.find((pickup) => pickup.name === order.pickupLocation)!
  }

  function isLive(shipment: SimShipment | undefined): shipment is SimShipment {
    return (
      shipment !== undefined &&
      shipment.awb !== null &&
      shipment.statusId !== 8 &&
      !ordersById.get(shipment.orderId)?.cancelled
    )
  }

  /** The booking steps move a parcel along 1 to 5 but never over a courier's scan. */
  function bookingStep(shipment: SimShipment, statusId: number) {
    if (shipment.statusId !== null && BOOKING_STEPS.has(shipment.statusId) && shipment.statusId < statusId) {
      shipment.statusId = statusId
    }
  }

  function orderErrors(input: Input): Record<string, string[]> | null {
    const errors: Record<string, string[]> = {}
    const add = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message]
    }
    const required = [
      'order_id',
      'order_date',
      'pickup_location',
      'billing_customer_name',
      'billing_address',
      'billing_city',
      'billing_pincode',
      'billing_state',
      'billing_country',
      'billing_email',
      'billing_phone',
      'shipping_is_billing',
      'order_items',
      'payment_method',
      'sub_total',
      'length',
      'breadth',
      'height',
      'weight',
    ]
    const shipsElsewhere = !blank(input.shipping_is_billing) && !truthy(input.shipping_is_billing)
    if (shipsElsewhere) {
      required.push(
        'shipping_customer_name',
        'shipping_address',
        'shipping_city',
        'shipping_pincode',
        'shipping_state',
        'shipping_country',
        'shipping_phone',
      )
    }
    const missing = required.filter((field) => blank(input[field]))
    for (const field of missing) add(field, `The ${words(field)} field is required.`)
    const present = (field: string) => !missing.includes(field)
    if (present('order_id') && text(input.order_id).length > 50) {
      add('order_id', 'The order id may not be greater than 50 characters.')
    }
    if (present('order_date') && !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(text(input.order_date))) {
      add('order_date', 'The order date is not a valid date.')
    }
    if (present('pickup_location') && !pickups.some((pickup) => pickup.name === input.pickup_location)) {
      add(
        'pickup_location',
        `Wrong Pickup location entered. Current pickup locations are: ${pickups.map((p) => p.name).join(', ')}`,
      )
    }
    for (const prefix of shipsElsewhere ? ['billing', 'shipping'] : ['billing']) {
      const city = `${prefix}_city`
      const pincode = `${prefix}_pincode`
      const phone = `${prefix}_phone`
      if (present(city) && text(input[city]).length > 30)
        add(city, `The ${words(city)} may not be greater than 30 characters.`)
      if (present(pincode) && !PIN.test(text(input[pincode]))) add(pincode, `The ${words(pincode)} must be 6 digits.`)
      if (present(phone) && !/^\d{10}$/.test(text(input[phone]))) add(phone, `The ${words(phone)} must be 10 digits.`)
    }
    if (present('billing_email') && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text(input.billing_email))) {
      add('billing_email', 'The billing email must be a valid email address.')
    }
    if (present('shipping_is_billing') && !['true', 'false', '1', '0'].includes(text(input.shipping_is_billing))) {
      add('shipping_is_billing', 'The shipping is billing field must be true or false.')
    }
    if (present('payment_method') && !['COD', 'PREPAID'].includes(text(input.payment_method).toUpperCase())) {
      add('payment_method', 'The selected payment method is invalid.')
    }
    if (present('sub_total') && !(number(input.sub_total) >= 0)) add('sub_total', 'The sub total must be a number.')
    for (const field of ['length', 'breadth', 'height']) {
      if (present(field) && !(number(input[field]) > 0.5)) add(field, `The ${field} must be greater than 0.5.`)
    }
    if (present('weight') && !(number(input.weight) > 0)) add('weight', 'The weight must be greater than 0.')
    if (present('order_items')) {
      const items = input.order_items
      if (!Array.isArray(items) || items.length === 0) add('order_items', 'The order items field is required.')
      else {
        items.forEach((raw, index) => {
          const item = asObject(raw)
          for (const field of ['name', 'sku', 'units', 'selling_price']) {
            if (blank(item[field]))
              add(`order_items.${index}.${field}`, `The order_items.${index}.${field} field is required.`)
          }
          if (!blank(item.units) && !(Number.isInteger(number(item.units)) && number(item.units) >= 1)) {
            add(`order_items.${index}.units`, `The order_items.${index}.units must be at least 1.`)
          }
          if (!blank(item.selling_price) && !(number(item.selling_price) >= 0)) {
            add(`order_items.${index}.selling_price`, `The order_items.${index}.selling_price must be a number.`)
          }
        })
      }
    }
    return Object.keys(errors).length > 0 ? errors : null
  }

  function createAnswer(order: SimOrder) {
    const { status, code } = orderStatus(order)
    const shipment = order.shipment
    return {
      order_id: order.id,
      shipment_id: shipment.id,
      status,
      status_code: code,
      onboarding_completed_now: 0,
      // Observed: a cancelled order comes back with an empty AWB.
      awb_code: order.cancelled ? '' : shipment.awb,
      courier_company_id: shipment.courierId,
      courier_name: shipment.courierName,
    }
  }

  /** GET orders/show's `data` (and each of GET orders' `data`): a plausible subset of Shiprocket's fields. */
  function orderData(order: SimOrder) {
    const { status, code } = orderStatus(order)
    const body = order.body
    const to = shipTo(body)
    const shipment = order.shipment
    return {
      id: order.id,
      channel_id: CHANNEL_ID,
      channel_name: 'CUSTOM',
      channel_order_id: order.channelOrderId,
      customer_name: [to.name, to.lastName].filter((part) => !blank(part)).join(' '),
      customer_email: text(to.email),
      customer_phone: text(to.phone),
      customer_address: text(to.address),
      customer_address_2: text(to.address2),
      customer_city: text(to.city),
      customer_state: text(to.state),
      customer_pincode: text(to.pincode),
      customer_country: text(to.country),
      pickup_location: order.pickupLocation,
      // Lower case here although the create takes "COD" / "Prepaid".
      payment_method: order.cod ? 'cod' : 'prepaid',
      sub_total: number(body.sub_total),
      shipping_charges: number(body.shipping_charges) || 0,
      discount: number(body.total_discount) || 0,
      total: order.total,
      status,
      status_code: code,
      created_at: istDateTime(order.createdAt),
      products: (body.order_items as unknown[]).map((raw) => {
        const item = asObject(raw)
        return {
          name: text(item.name),
          channel_sku: text(item.sku),
          quantity: number(item.units),
          price: number(item.selling_price),
          selling_price: number(item.selling_price),
          discount: number(item.discount) || 0,
          tax_percentage: number(item.tax) || 0,
          hsn: text(item.hsn),
        }
      }),
      shipments: {
        id: shipment.id,
        awb: shipment.awb,
        courier: shipment.courierName,
        courier_id: shipment.courierId,
        status: shipment.statusId === null ? 'NEW' : SHIPROCKET_STATUSES[shipment.statusId],
        weight: shipment.weight,
        dimensions: `${shipment.length}x${shipment.breadth}x${shipment.height}`,
        pickup_scheduled_date: shipment.pickupScheduledAt ? istDateTime(shipment.pickupScheduledAt) : null,
        etd: shipment.etd ? istDateTime(shipment.etd) : null,
        label_url: shipment.labelUrl,
        manifest_url: shipment.manifestUrl,
      },
    }
  }

  function trackingData(shipment: SimShipment | undefined, soft: Fault | undefined) {
    if (soft || !shipment?.awb || shipment.scans.length === 0) return { track_status: 0, error: NO_ACTIVITIES }
    const order = ordersById.get(shipment.orderId)!
    const firstOf = (ids: number[]) => shipment.scans.find((scan) => ids.includes(scan.statusId))?.at
    const pickedAt = firstOf([42, 6])
    const deliveredAt = firstOf([7])
    const label = SHIPROCKET_STATUSES[shipment.statusId!]
    return {
      track_status: 1,
      shipment_status: shipment.statusId,
      shipment_track: [
        {
          id: shipment.id + 1_000_000_000,
          awb_code: shipment.awb,
          courier_company_id: shipment.courierId,
          shipment_id: shipment.id,
          order_id: order.id,
          pickup_date: pickedAt ? istDateTime(pickedAt) : null,
          delivered_date: deliveredAt ? istDateTime(deliveredAt) : null,
          weight: shipment.weight.toFixed(2),
          packages: 1,
          current_status: label,
          delivered_to: deliveredAt ? text(shipTo(order.body).city) : '',
          destination: text(shipTo(order.body).city),
          consignee_name: text(shipTo(order.body).name),
          origin: pickupOf(order).city,
          courier_agent_details: null,
          courier_name: shipment.courierName,
          edd: shipment.etd ? istDateTime(shipment.etd) : null,
          pod: null,
          pod_status: null,
        },
      ],
      shipment_track_activities: [...shipment.scans].reverse().map(scanData),
      track_url: `https://shiprocket.co/tracking/${shipment.awb}`,
      etd: shipment.etd ? istDateTime(shipment.etd) : null,
    }
  }

  /** Records a scan and builds its webhook body (see AdvanceOptions for late and return events). */
  function record(shipment: SimShipment, statusId: number, options: AdvanceOptions) {
    const order = ordersById.get(shipment.orderId)!
    const [code, activity] = SCAN_TEXTS[statusId] ?? [`X-${statusId}`, titleCase(SHIPROCKET_STATUSES[statusId]!)]
    const scan: SimScan = {
      at: options.at ?? new Date(),
      statusId,
      code,
      activity:
        options.activity ??
        (statusId === 21 ? `${activity} - ${options.ndrReason ?? 'Consignee not available'}` : activity),
      location: options.location ?? scanLocation(pickupOf(order), shipTo(order.body), statusId),
    }
    let scans = [scan]
    if (!options.isReturn) {
      const later = shipment.scans.findIndex((other) => other.at > scan.at)
      const index = later === -1 ? shipment.scans.length : later
      shipment.scans.splice(index, 0, scan)
      shipment.statusId = shipment.scans.at(-1)!.statusId
      scans = shipment.scans.slice(0, index + 1)
    }
    const name = SHIPROCKET_STATUSES[statusId]
    return {
      awb: shipment.awb,
      courier_name: shipment.courierName,
      current_status: name,
      // Another numbering than shipment_status_id, as in Shiprocket's sample (IN TRANSIT, 18, sent with 20).
      current_status_id: options.currentStatusId ?? statusId + 2,
      shipment_status: name,
      shipment_status_id: statusId,
      current_timestamp: istTimestamp(scan.at),
      order_id: order.channelOrderId,
      sr_order_id: order.id,
      awb_assigned_date: shipment.awbAssignedAt ? istDateTime(shipment.awbAssignedAt) : null,
      pickup_scheduled_date: shipment.pickupScheduledAt ? istDateTime(shipment.pickupScheduledAt) : null,
      etd: shipment.etd ? istDateTime(shipment.etd) : null,
      scans: scans.map(scanData),
      is_return: options.isReturn ? 1 : 0,
      channel_id: CHANNEL_ID,
      pod_status: 'OTP Based Delivery',
      pod: 'Not Available',
      qc_image: '',
      qc_failure_reason: '',
    }
  }

  function announce(shipment: SimShipment, statusId: number, options: AdvanceOptions) {
    return deliver(record(shipment, statusId, options), options.webhook ?? 'normal')
  }

  async function advance(awb: string, statusId: number, options: AdvanceOptions = {}) {
    const shipment = byAwb.get(awb)
    if (!shipment) throw new Error(`no simulated shipment with AWB ${awb}`)
    if (!(statusId in SHIPROCKET_STATUSES)) throw new Error(`unknown Shiprocket status id ${statusId}`)
    if (CANCELLED.has(statusId) && !options.isReturn) ordersById.get(shipment.orderId)!.cancelled = true
    return announce(shipment, statusId, options)
  }

  async function deliver(body: object, mode: WebhookMode): Promise<number[]> {
    if (!options.webhook) return []
    if (mode === 'drop') {
      webhooks.push({ body, key: 'right', status: null, time: new Date() })
      return []
    }
    const key: WebhookKey = mode === 'no-key' ? 'none' : mode === 'wrong-key' ? 'wrong' : 'right'
    if (mode === 'twice') return [await post(body, key), await post(body, key)]
    if (mode === 'concurrent') return Promise.all([post(body, key), post(body, key)])
    return [await post(body, key)]
  }

  async function post(body: object, key: WebhookKey): Promise<number> {
    const hook = options.webhook
    if (!hook) throw new Error('the Shiprocket simulator has no webhook configured')
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    // A forger's key has the token's length, so only a real comparison refuses it.
    if (key === 'right') headers['x-api-key'] = hook.token
    if (key === 'wrong') headers['x-api-key'] = `${hook.token.slice(0, -1)}${hook.token.endsWith('x') ? 'y' : 'x'}`
    let status = 0
    try {
      const response = await fetch(hook.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      })
      await response.arrayBuffer()
      status = response.status
    } catch {
      // Unreachable or too slow: status 0, as Shiprocket would see a failed delivery.
    }
    webhooks.push({ body, key, status, time: new Date() })
    return status
  }

  function labelPdf(list: SimShipment[]) {
    return renderPdf({ size: [288, 432], margin: 18 }, (pdf) => {
      list.forEach((shipment, index) => {
        if (index > 0) pdf.addPage()
        const order = ordersById.get(shipment.orderId)!
        const to = shipTo(order.body)
        const from = pickupOf(order)
        pdf
          .font('Helvetica-Bold')
          .fontSize(14)
          .text(shipment.courierName ?? '')
        pdf.font('Helvetica').fontSize(9).text('AWB')
        pdf
          .font('Helvetica-Bold')
          .fontSize(20)
          .text(shipment.awb ?? '')
        pdf.moveDown()
        pdf.font('Helvetica-Bold').fontSize(10).text('Ship to')
        pdf.font('Helvetica').text([to.name, to.lastName].filter((part) => !blank(part)).join(' '))
        pdf.text(text(to.address))
        if (!blank(to.address2)) pdf.text(text(to.address2))
        pdf.text(`${text(to.city)}, ${text(to.state)} ${text(to.pincode)}`)
        pdf.text(`Phone ${text(to.phone)}`)
        pdf.moveDown()
        pdf
          .font('Helvetica-Bold')
          .fontSize(16)
          .text(order.cod ? `COD: Rs. ${order.total.toFixed(2)}` : 'PREPAID')
        pdf.moveDown()
        pdf.font('Helvetica').fontSize(9).text(`Order ${order.channelOrderId}, shipment ${shipment.id}`)
        pdf.text(`${shipment.weight} kg, ${shipment.length} x ${shipment.breadth} x ${shipment.height} cm`)
        pdf.text(`Return to: ${from.name}, ${from.city} ${from.pincode}`)
      })
    })
  }

  function manifestPdf(name: string, list: SimShipment[]) {
    return renderPdf({ size: 'A4', margin: 40 }, (pdf) => {
      pdf
        .font('Helvetica-Bold')
        .fontSize(16)
        .text(`Manifest ${name.replace(/\.pdf$/, '').toUpperCase()}`)
      pdf
        .font('Helvetica')
        .fontSize(10)
        .text(`Generated ${istDateTime(new Date())} IST`)
      pdf.moveDown()
      for (const shipment of list) {
        const order = ordersById.get(shipment.orderId)!
        pdf.text(
          `${shipment.awb}  ${shipment.courierName}  order ${order.channelOrderId}  ${order.cod ? `COD Rs. ${order.total.toFixed(2)}` : 'PREPAID'}  ${shipment.weight} kg`,
        )
      }
      pdf.moveDown(2)
      pdf.text(`Parcels handed over: ${list.length}`)
      pdf.text('Pickup agent: name, signature and time ______________________')
    })
  }

  function authorised(header: string | undefined) {
    const expiry = tokens.get(bearer(header) ?? '')
    return expiry !== undefined && expiry * 1000 > Date.now()
  }

  function jwt(claims: object) {
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url')
    const unsigned = `${encode({ typ: 'JWT', alg: 'HS256' })}.${encode(claims)}`
    return `${unsigned}.${createHmac('sha256', signingKey).update(unsigned).digest('base64url')}`
  }

  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }) as Server
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: `${origin}/v1/external`,
    origin,
    requests,
    webhooks,
    peakInFlight: () => peakInFlight,
    calls(path, match = {}) {
      const wanted = apiPath(path)
      return requests.filter(
        (request) =>
          request.path === wanted &&
          Object.entries(match).every(([field, value]) => sameValue(request.body[field], value)),
      ).length
    },
    fault: addFault,
    clearFaults() {
      faults = []
    },
    expireTokens() {
      tokens.clear()
    },
    advance,
    sendWebhook: (body, key = 'right') => post(body, key),
    order: (channelOrderId) => orders.get(channelOrderId),
    shipmentByAwb: (awb) => byAwb.get(awb),
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Only NEW (1) and CANCELED (5) of the order-level list are confirmed; the others are this simulator's choice. */
function orderStatus(order: SimOrder): { status: string; code: number } {
  const statusId = order.shipment.statusId
  if (order.cancelled) return { status: 'CANCELED', code: 5 }
  if (statusId === null || statusId === 8) return { status: 'NEW', code: 1 }
  if (BEFORE_PICKUP.has(statusId)) return { status: 'READY TO SHIP', code: 3 }
  if (statusId === 7) return { status: 'DELIVERED', code: 7 }
  return { status: SHIPROCKET_STATUSES[statusId] ?? 'SHIPPED', code: 6 }
}

function pickedUp(shipment: SimShipment) {
  return shipment.statusId !== null && !BEFORE_PICKUP.has(shipment.statusId) && !CANCELLED.has(shipment.statusId)
}

function wentOutForPickup(shipment: SimShipment) {
  return pickedUp(shipment) || shipment.scans.some((scan) => scan.statusId === 19)
}

function assignFailed(message: string) {
  return { awb_assign_status: 0, response: { data: { awb_assign_error: message } } }
}

/** Where the parcel goes: the billing address unless shipping_is_billing is false. */
function shipTo(body: Input) {
  const prefix = truthy(body.shipping_is_billing) ? 'billing' : 'shipping'
  return {
    name: body[prefix === 'billing' ? 'billing_customer_name' : 'shipping_customer_name'],
    lastName: body[`${prefix}_last_name`],
    address: body[`${prefix}_address`],
    address2: body[`${prefix}_address_2`],
    city: body[`${prefix}_city`],
    state: body[`${prefix}_state`],
    pincode: body[`${prefix}_pincode`],
    country: body[`${prefix}_country`],
    email: body[`${prefix}_email`] ?? body.billing_email,
    phone: body[`${prefix}_phone`],
  }
}

/** Where a courier scans a parcel in this status: at the seller's hub, on the way, or at the destination. */
function scanLocation(from: { city: string; state: string }, to: ReturnType<typeof shipTo>, statusId: number) {
  if (ON_THE_WAY.has(statusId)) return 'Bhiwandi_Mega_GW (Maharashtra)'
  if (ORIGIN_SIDE.has(statusId)) return `${from.city}_Hub (${from.state})`
  return `${text(to.city)}_DC (${text(to.state)})`
}

function scanData(scan: SimScan) {
  return {
    date: istDateTime(scan.at),
    status: scan.code,
    activity: scan.activity,
    location: scan.location,
    'sr-status': String(scan.statusId),
    'sr-status-label': SHIPROCKET_STATUSES[scan.statusId],
  }
}

/** The city and state of a PIN code, as far as this simulator knows them. */
function place(pincode: string) {
  const known = CITIES[pincode.slice(0, 3)]
  if (known) return { city: known[0], state: known[1] }
  const circle = Number(pincode.slice(0, 2))
  const state = STATES.findLast(([first]) => first <= circle)?.[1] ?? 'Delhi'
  return { city: state, state }
}

function failure(status: number, message?: string, errors?: Record<string, string[]>) {
  const gateway: Record<number, string> = {
    502: 'Bad Gateway',
    503: 'Service Temporarily Unavailable',
    504: 'Gateway Time-out',
  }
  const title = gateway[status]
  if (title) {
    // The edge answers these, in HTML: a client must not assume JSON.
    const page = `<html>\r\n<head><title>${status} ${title}</title></head>\r\n<body>\r\n<center><h1>${status} ${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`
    return new Response(page, { status, headers: { 'Content-Type': 'text/html' } })
  }
  if (status === 429) {
    return json({ message: message ?? 'Too Many Attempts.' }, 429, {
      'Retry-After': '60',
      'X-RateLimit-Limit': '180',
      'X-RateLimit-Remaining': '0',
    })
  }
  if (status === 422) return invalid(errors ?? { data: ['The given data was invalid.'] }, message)
  return json(
    { message: message ?? (status === 500 ? 'Server Error' : 'Something went wrong'), status_code: status },
    status,
  )
}

function invalid(errors: Record<string, string[]>, message = 'Oops! Invalid Data.') {
  return json({ message, errors, status_code: 422 }, 422)
}

function json(body: unknown, status: number, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })
}

function requiredErrors(input: Input, fields: string[]) {
  const missing = fields.filter((field) => blank(input[field]))
  if (missing.length === 0) return null
  return Object.fromEntries(missing.map((field) => [field, [`The ${words(field)} field is required.`]]))
}

function bearer(header: string | undefined) {
  return /^Bearer (\S+)$/.exec(header ?? '')?.[1]
}

function apiPath(path: string) {
  return path.replace(/^\/v1\/external/, '').replace(/^\/+|\/+$/g, '')
}

function covers(route: string | undefined, path: string) {
  if (route === undefined) return true
  const wanted = apiPath(route)
  return path === wanted || path.startsWith(`${wanted}/`)
}

function sameValue(actual: unknown, expected: unknown) {
  // A GET's query holds strings: 'order_id: 104233' matches '104233'.
  if (typeof actual === 'string') return actual === String(expected)
  return JSON.stringify(actual) === JSON.stringify(expected)
}

function asObject(value: unknown): Input {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Input) : {}
}

function blank(value: unknown) {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

function text(value: unknown) {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value).trim()
    : ''
}

function optionalText(value: unknown) {
  return typeof value === 'string' ? value : undefined
}

function number(value: unknown) {
  if (typeof value === 'number') return value
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN
}

function truthy(value: unknown) {
  return value === true || value === 1 || value === '1' || value === 'true'
}

function words(field: string) {
  return field.replace(/_/g, ' ')
}

function titleCase(name: string) {
  return name
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/\b\w/g, (letter) => letter.toUpperCase())
}

function round2(value: number) {
  return Math.round(value * 100) / 100
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** mulberry32: a tiny seeded generator, so a drill's random faults come back the same with the same seed. */
function seededRandom(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

// Shiprocket's dates are Indian time (UTC+5:30) in several string formats.
const IST_OFFSET_MS = 330 * 60_000
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function istParts(date: Date) {
  const ist = new Date(date.getTime() + IST_OFFSET_MS)
  const two = (value: number) => String(value).padStart(2, '0')
  return {
    year: String(ist.getUTCFullYear()),
    month: two(ist.getUTCMonth() + 1),
    monthName: MONTHS[ist.getUTCMonth()]!,
    day: two(ist.getUTCDate()),
    time: `${two(ist.getUTCHours())}:${two(ist.getUTCMinutes())}:${two(ist.getUTCSeconds())}`,
  }
}

/** 'YYYY-MM-DD HH:mm:ss' */
function istDateTime(date: Date) {
  const t = istParts(date)
  return `${t.year}-${t.month}-${t.day} ${t.time}`
}

/** 'DD MM YYYY HH:mm:ss', the webhook's current_timestamp. */
function istTimestamp(date: Date) {
  const t = istParts(date)
  return `${t.day} ${t.month} ${t.year} ${t.time}`
}

/** 'Mar 14, 2026', serviceability's etd. */
function etdDate(date: Date) {
  const t = istParts(date)
  return `${t.monthName} ${t.day}, ${t.year}`
}

/** 14:00 IST on the next day that is not a Sunday. */
function nextWorkingDay(from: Date) {
  const ist = new Date(from.getTime() + IST_OFFSET_MS)
  ist.setUTCDate(ist.getUTCDate() + (ist.getUTCDay() === 6 ? 2 : 1))
  ist.setUTCHours(14, 0, 0, 0)
  return new Date(ist.getTime() - IST_OFFSET_MS)
}

/**
 * A PDF in the standard Helvetica (nothing to embed: a few milliseconds, where an embedded font took
 * 80, which a bench booking a hundred parcels would pay in the simulator), uncompressed so tests
 * (tests/pdf-text.ts) can read its text back.
 */
function renderPdf(
  layout: { size: string | [number, number]; margin: number },
  draw: (pdf: InstanceType<typeof PDFDocument>) => void,
): Promise<Buffer> {
  const pdf = new PDFDocument({ ...layout, compress: false })
  const chunks: Buffer[] = []
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
  draw(pdf)
  pdf.end()
  return done
}
