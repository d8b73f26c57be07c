// Shiprocket's external API (reference/shiprocket.md): an API user's e-mail and password buy a 10-day
// JWT (cached, renewed a day before it runs out, and once after a 401), then couriers for a PIN code,
// orders keyed by our order number, AWB, label, pickup, manifest, cancel and tracking.
// Shiprocket has no sandbox: the base URL is configuration so that the local simulator stands in for it.
// Money crosses the edge here: the shop's paise become Shiprocket's rupees, and back. Calls that are safe
// to repeat are retried on 429, 5xx, network errors and timeouts, with backoff; the others (AWB, pickup,
// manifest, cancel) are sent once, since a repeat could book twice: their callers read the state back.
// No call is retried after a 4xx. A 200 may carry a failure ("soft"), so every answer is inspected.

export const SHIPROCKET_BASE_URL = 'https://apiv2.shiprocket.in/v1/external'

const DAY_MS = 24 * 60 * 60_000
const IST_OFFSET_MS = 330 * 60_000
/** AWBs per `courier/track/awbs` call, as the docs allow. */
const TRACK_BATCH = 50

export interface ShiprocketOptions {
  email: string
  password: string
  baseUrl: string
  /** Per call; a call slower than this is a timeout (status 0, timedOut). Default 15 s. */
  timeoutMs?: number
  /**
   * Calls sent at once, at most; more wait their turn. Shiprocket publishes no limit: five keeps a
   * day's Book all polite (and under its rate limit), however many bookings run. Default 5.
   */
  maxInFlight?: number
  /** Attempts for a retryable failure of a call that is safe to repeat (login, serviceability, tracking, create with the same order_id, show/search). Default 3. */
  maxAttempts?: number
  /** Backoff before retry n (1-based): 500 ms doubling, unless a test makes it instant. */
  backoffMs?: (retry: number) => number
  fetch?: typeof fetch
  now?: () => number
}

/** A failure from Shiprocket or the way to it. `message` is a sentence fit for the shop owner and NEVER contains the token, password or e-mail. status 0 = network or timeout. */
export class ShiprocketError extends Error {
  override name = 'ShiprocketError'
  readonly status: number
  readonly retryable: boolean
  readonly timedOut: boolean
  readonly fieldErrors?: Record<string, string[]>
  /** 'soft' when a 200 carried a failure */
  readonly soft: boolean
  constructor(
    message: string,
    status: number,
    details: { timedOut?: boolean; soft?: boolean; fieldErrors?: Record<string, string[]> } = {},
  ) {
    super(message)
    this.status = status
    this.retryable = status === 0 || status === 429 || status >= 500
    this.timedOut = details.timedOut ?? false
    this.soft = details.soft ?? false
    if (details.fieldErrors) this.fieldErrors = details.fieldErrors
  }
}

/**
 * Whether `error` is a ShiprocketError, by its name: the server's start-up makes the adapter from this
 * file, and the app's bundle has its own copy of the class, so `instanceof` would not see it.
 */
export function isShiprocketError(error: unknown): error is ShiprocketError {
  return error instanceof Error && error.name === 'ShiprocketError'
}

export interface CourierOption {
  courierCompanyId: number
  name: string
  /** paise */
  rate: number
  /** paise */
  codCharges: number
  cod: boolean
  estimatedDays: number | null
  /** 'YYYY-MM-DD' (IST) or null */
  etd: string | null
  rating: number | null
  surface: boolean
}

export type Serviceability =
  | { kind: 'serviceable'; couriers: CourierOption[]; recommendedId: number | null }
  | { kind: 'unserviceable'; message: string }

export interface CreateOrderInput {
  /** Our order number: the key that makes a repeated create return the same order. */
  channelOrderId: string
  orderDate: Date
  /** The name of a pickup address saved in the Shiprocket panel. */
  pickupLocation: string
  customerName: string
  address: string
  city: string
  state: string
  pincode: string
  email: string
  /** 10 digits (a +91 or 0 in front is dropped) */
  phone: string
  items: {
    name: string
    sku: string
    units: number
    /** paise, GST included */
    sellingPrice: number
    taxPercent: number
    hsn: string
  }[]
  paymentMethod: 'COD' | 'Prepaid'
  /** paise */
  subTotal: number
  /** paise */
  shippingCharges: number
  /** paise */
  totalDiscount: number
  weightKg: number
  lengthCm: number
  breadthCm: number
  heightCm: number
}

export interface CreatedOrder {
  srOrderId: number
  shipmentId: number
  status: string
  statusCode: number
  /** status CANCELED / code 5: the id names a dead order */
  cancelled: boolean
}

export interface OrderView {
  srOrderId: number
  channelOrderId: string
  status: string
  /** rupees as Shiprocket reports the amount to collect/total */
  total: number
  paymentMethod: string
  shipmentId: number | null
  awb: string | null
  courierName: string | null
}

export interface AssignedAwb {
  awb: string
  courierCompanyId: number
  courierName: string
  /** 'YYYY-MM-DD' (IST) */
  pickupScheduledDate: string | null
}

export interface Scan {
  at: Date
  /** The courier's own scan code. */
  code: string
  activity: string
  location: string
  /** Shiprocket's status id, null for a scan without one ("NA"). */
  statusId: number | null
}

export interface TrackingReport {
  awb: string
  statusId: number | null
  currentStatus: string
  /** YYYY-MM-DD */
  etd: string | null
  trackUrl: string | null
  /** oldest first */
  scans: Scan[]
}

export interface Shiprocket {
  pickupLocations(): Promise<{ name: string; pincode: string }[]>
  /** Failures throw: an unserviceable answer is only ever Shiprocket saying so. */
  serviceability(q: {
    pickupPincode: string
    deliveryPincode: string
    weightKg: number
    cod: boolean
    lengthCm?: number
    breadthCm?: number
    heightCm?: number
    /** paise */
    declaredValue?: number
  }): Promise<Serviceability>
  /** Safe to retry: the same order_id answers the same order. */
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>
  showOrder(srOrderId: number): Promise<OrderView>
  /** Sent once (not idempotent); a refusal in a 200, 'already assigned' included, throws a soft ShiprocketError. */
  assignAwb(shipmentId: number, courierId: number): Promise<AssignedAwb>
  /** The label's URL. */
  generateLabel(shipmentId: number): Promise<string>
  /** Asking again is `alreadyRequested: true`, not an error. */
  requestPickup(shipmentId: number): Promise<{ scheduledDate: string | null; alreadyRequested: boolean }>
  /** The manifest's URL; shipments already manifested get their existing manifest. */
  manifest(shipmentIds: number[], srOrderIds: number[]): Promise<string>
  /** A label or manifest PDF. */
  download(url: string): Promise<Uint8Array>
  cancelOrders(srOrderIds: number[]): Promise<void>
  /** Every AWB asked for, null for one without scans yet. */
  track(awbs: string[]): Promise<Map<string, TrackingReport | null>>
}

// The answers' fields the adapter reads (reference/shiprocket.md); every one may be missing.

interface RawCourier {
  courier_company_id?: number
  courier_name?: string
  rate?: number | string
  cod_charges?: number | string
  cod?: number
  etd?: string
  estimated_delivery_days?: string | number
  rating?: number | string
  is_surface?: boolean | number
}

interface RawOrder {
  id?: number
  channel_order_id?: string
  status?: string
  total?: number | string
  payment_method?: string
  /** An array in the list, one object in `orders/show`. */
  shipments?: RawShipment | RawShipment[]
}

interface RawShipment {
  id?: number
  awb?: string | null
  courier?: string | null
}

interface RawTracking {
  track_status?: number
  shipment_status?: number | string
  shipment_track?: { awb_code?: string; current_status?: string; edd?: string | null }[]
  shipment_track_activities?: {
    date?: string
    status?: string
    activity?: string
    location?: string
    'sr-status'?: string | number
  }[]
  track_url?: string
  etd?: string | null
}

/** A message-bearing answer: most errors, and the soft failures' texts. */
interface Said {
  message?: unknown
  response?: unknown
}

interface Answer {
  status: number
  json: Record<string, unknown>
}

interface Token {
  value: string
  /** Epoch ms from which a new token is fetched. */
  refreshAt: number
}

export function createShiprocket(options: ShiprocketOptions): Shiprocket {
  const fetcher = options.fetch ?? fetch
  const now = options.now ?? Date.now
  const timeoutMs = options.timeoutMs ?? 15_000
  const maxAttempts = options.maxAttempts ?? 3
  const backoff = options.backoffMs ?? ((retry: number) => 500 * 2 ** (retry - 1))
  const base = options.baseUrl.replace(/\/+$/, '')
  let token: Token | null = null
  let pendingLogin: Promise<Token> | null = null
  const slots = semaphore(options.maxInFlight ?? 5)

  /** Every error goes through here: Shiprocket's texts may echo what was sent, and secrets never leave. */
  function failure(message: string, status: number, details?: ConstructorParameters<typeof ShiprocketError>[2]) {
    let text = message
    for (const secret of [options.password, options.email, token?.value]) {
      if (secret) text = text.replaceAll(secret, '[hidden]')
    }
    return new ShiprocketError(text, status, details)
  }

  /** A non-2xx answer as an error, with the fields a 422 names. */
  function refusal({ status, json }: Answer): ShiprocketError {
    const fieldErrors = fieldErrorsOf(json.errors)
    const said =
      textOf(json) ??
      (status === 429
        ? 'Shiprocket is turning requests away for now (HTTP 429)'
        : status >= 500
          ? `Shiprocket had a fault (HTTP ${status})`
          : `Shiprocket refused the request (HTTP ${status})`)
    const details = fieldErrors ? Object.values(fieldErrors).flat().map(unstop).join('; ') : ''
    return failure(details ? `${said}: ${details}` : said, status, { fieldErrors })
  }

  /** A failure inside a 2xx answer. */
  function softFailure({ status, json }: Answer, text: unknown, fallback: string): ShiprocketError {
    return failure(sentence(text) ?? textOf(json) ?? fallback, status, { soft: true })
  }

  /** One HTTP exchange, tried up to `attempts` times while the failure is transient. The body is read
   * within the timeout too: a server that stalls halfway is as slow as one that never answers. */
  async function send(url: string, init: RequestInit, attempts: number) {
    for (let attempt = 1; ; attempt++) {
      let outcome: { status: number; bytes: Uint8Array } | ShiprocketError
      await slots.take()
      try {
        const response = await fetcher(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
        outcome = { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) }
      } catch (error) {
        const timedOut = (error as Error | undefined)?.name === 'TimeoutError'
        outcome = timedOut
          ? failure(`Shiprocket did not answer within ${timeoutMs / 1000} s`, 0, { timedOut })
          : failure('Shiprocket could not be reached', 0)
      } finally {
        slots.give()
      }
      const transient = outcome instanceof ShiprocketError || outcome.status === 429 || outcome.status >= 500
      if (!transient || attempt >= attempts) {
        if (outcome instanceof ShiprocketError) throw outcome
        return outcome
      }
      await sleep(backoff(attempt))
    }
  }

  async function exchange(
    method: 'GET' | 'POST',
    path: string,
    { body, bearer, attempts }: { body?: unknown; bearer?: string; attempts: number },
  ): Promise<Answer> {
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    if (bearer) headers.Authorization = `Bearer ${bearer}`
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }
    const { status, bytes } = await send(`${base}/${path}`, init, attempts)
    return { status, json: parseObject(bytes) }
  }

  async function login(): Promise<Token> {
    const answer = await exchange('POST', 'auth/login', {
      body: { email: options.email, password: options.password },
      attempts: maxAttempts,
    })
    const { token: value, is_mfa_enabled } = answer.json as { token?: unknown; is_mfa_enabled?: unknown }
    if (answer.status >= 400 && answer.status < 500) {
      throw failure(
        `Shiprocket refused the API user's login (HTTP ${answer.status}): check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD`,
        answer.status,
      )
    }
    if (answer.status >= 300) throw refusal(answer)
    if (typeof value !== 'string' || !value) {
      const why = is_mfa_enabled
        ? 'Shiprocket asks the API user for a one-time password: turn two-factor login off for the API user'
        : 'Shiprocket sent no token for the API user'
      throw failure(why, answer.status, { soft: true })
    }
    const { iat, exp } = jwtPayload(value)
    // Real tokens live 10 days (docs: 240 hours); their lifetime is measured on their own clock, then
    // counted on ours, so the two clocks need not agree.
    const lifetime = typeof iat === 'number' && typeof exp === 'number' ? (exp - iat) * 1000 : 10 * DAY_MS
    // A day before it runs out; a token living two days or less (the simulator's) at half its life.
    return { value, refreshAt: now() + lifetime - Math.min(DAY_MS, lifetime / 2) }
  }

  /** The cached token, or a new one; concurrent callers share one login. `rejected` is a token that
   * Shiprocket has just refused: a different one is needed, even if the clock says it is fresh. */
  async function bearer(rejected?: string): Promise<string> {
    if (token && (rejected === undefined ? now() < token.refreshAt : token.value !== rejected)) return token.value
    pendingLogin ??= login().finally(() => {
      pendingLogin = null
    })
    token = await pendingLogin
    return token.value
  }

  /** An API call with the token. `safe`: repeating it cannot do its work twice, so transient failures are retried. */
  async function call(method: 'GET' | 'POST', path: string, { body, safe }: { body?: unknown; safe: boolean }) {
    const attempts = safe ? maxAttempts : 1
    let value = await bearer()
    let answer = await exchange(method, path, { body, bearer: value, attempts })
    if (answer.status === 401) {
      // Expired or revoked early: one new login and one more try, whatever the call (a 401 did nothing);
      // a second 401 is an error, never a loop.
      value = await bearer(value)
      answer = await exchange(method, path, { body, bearer: value, attempts })
      if (answer.status === 401) throw failure('Shiprocket refused the API token even after a new login', 401)
    }
    return answer
  }

  /** A call whose every non-2xx answer is an error. */
  async function ok(method: 'GET' | 'POST', path: string, request: { body?: unknown; safe: boolean }) {
    const answer = await call(method, path, request)
    if (answer.status >= 300) throw refusal(answer)
    return answer
  }

  function view(raw: RawOrder): OrderView {
    const shipment = Array.isArray(raw.shipments) ? raw.shipments[0] : raw.shipments
    return {
      srOrderId: Number(raw.id),
      channelOrderId: String(raw.channel_order_id ?? ''),
      status: raw.status ?? '',
      total: Number(raw.total ?? 0),
      paymentMethod: raw.payment_method ?? '',
      shipmentId: typeof shipment?.id === 'number' ? shipment.id : null,
      awb: shipment?.awb || null,
      courierName: shipment?.courier || null,
    }
  }

  async function trackBatch(awbs: string[], into: Map<string, TrackingReport | null>) {
    const answer = await ok('POST', 'courier/track/awbs', { body: { awbs }, safe: true })
    for (const awb of awbs) {
      const entry = answer.json[awb] as { tracking_data?: RawTracking } | undefined
      into.set(awb, report(awb, entry?.tracking_data))
    }
  }

  return {
    async pickupLocations() {
      const answer = await ok('GET', 'settings/company/pickup', { safe: true })
      const data = answer.json.data as { shipping_address?: { pickup_location?: string; pin_code?: string | number }[] }
      return (data?.shipping_address ?? []).map((place) => ({
        name: place.pickup_location ?? '',
        pincode: String(place.pin_code ?? ''),
      }))
    },

    async serviceability(q) {
      const query = new URLSearchParams({
        pickup_postcode: q.pickupPincode,
        delivery_postcode: q.deliveryPincode,
        weight: String(q.weightKg),
        cod: q.cod ? '1' : '0',
      })
      if (q.lengthCm) query.set('length', String(q.lengthCm))
      if (q.breadthCm) query.set('breadth', String(q.breadthCm))
      if (q.heightCm) query.set('height', String(q.heightCm))
      if (q.declaredValue !== undefined) query.set('declared_value', String(rupees(q.declaredValue)))
      const answer = await call('GET', `courier/serviceability/?${query}`, { safe: true })
      const { status, data } = answer.json as {
        status?: unknown
        data?: { available_courier_companies?: RawCourier[]; recommended_courier_company_id?: number }
      }
      // "Cannot deliver here" comes as a 404 inside the body (with HTTP 200 or 404) or as an empty list;
      // anything else that is not a 2xx is a failure, never an unserviceable PIN code.
      if ((answer.status === 200 || answer.status === 404) && status === 404) {
        return {
          kind: 'unserviceable',
          message: textOf(answer.json) ?? `No courier delivers to PIN code ${q.deliveryPincode}`,
        }
      }
      if (answer.status >= 300) throw refusal(answer)
      const all = (data?.available_courier_companies ?? []).map(courierOption)
      if (all.length === 0) {
        return { kind: 'unserviceable', message: `No courier delivers to PIN code ${q.deliveryPincode}` }
      }
      // For cash on delivery only the couriers that collect cash there will do.
      const couriers = q.cod ? all.filter((courier) => courier.cod) : all
      if (couriers.length === 0) {
        return {
          kind: 'unserviceable',
          message: `No courier collects cash on delivery at PIN code ${q.deliveryPincode}`,
        }
      }
      const recommended = data?.recommended_courier_company_id
      return {
        kind: 'serviceable',
        couriers,
        recommendedId: couriers.some((courier) => courier.courierCompanyId === recommended) ? recommended! : null,
      }
    },

    async createOrder(input) {
      const answer = await ok('POST', 'orders/create/adhoc', { body: orderBody(input), safe: true })
      const { order_id, shipment_id, status, status_code } = answer.json
      if (typeof order_id !== 'number' || typeof shipment_id !== 'number') {
        throw softFailure(answer, undefined, 'Shiprocket did not say which order it created')
      }
      const statusText = String(status ?? '')
      const statusCode = Number(status_code)
      return {
        srOrderId: order_id,
        shipmentId: shipment_id,
        status: statusText,
        statusCode,
        // A repeated order id answers the existing order, even a cancelled one: this id is dead.
        cancelled: statusCode === 5 || /^CANCEL/i.test(statusText),
      }
    },

    async showOrder(srOrderId) {
      const answer = await ok('GET', `orders/show/${srOrderId}`, { safe: true })
      const data = answer.json.data as RawOrder | undefined
      if (typeof data?.id !== 'number') throw softFailure(answer, undefined, `Shiprocket has no order ${srOrderId}`)
      return view(data)
    },

    async assignAwb(shipmentId, courierId) {
      const answer = await ok('POST', 'courier/assign/awb', {
        body: { shipment_id: shipmentId, courier_id: courierId },
        safe: false,
      })
      const { awb_assign_status, response } = answer.json as {
        awb_assign_status?: number
        response?: {
          data?: {
            awb_code?: string
            courier_company_id?: number
            courier_name?: string
            pickup_scheduled_date?: string
            awb_assign_error?: string
          }
        }
      }
      const data = response?.data
      if (awb_assign_status !== 1 || !data?.awb_code) {
        throw softFailure(answer, data?.awb_assign_error, 'Shiprocket assigned no AWB')
      }
      return {
        awb: String(data.awb_code),
        courierCompanyId: data.courier_company_id ?? courierId,
        courierName: data.courier_name ?? '',
        pickupScheduledDate: data.pickup_scheduled_date ? parseIstDay(data.pickup_scheduled_date) : null,
      }
    },

    async generateLabel(shipmentId) {
      // Safe to repeat: a second label for the same AWB is the same label.
      const answer = await ok('POST', 'courier/generate/label', { body: { shipment_id: [shipmentId] }, safe: true })
      const { label_created, label_url } = answer.json
      if (label_created !== 1 || typeof label_url !== 'string' || !label_url) {
        throw softFailure(answer, answer.json.response, 'Shiprocket made no label')
      }
      return label_url
    },

    async requestPickup(shipmentId) {
      const answer = await call('POST', 'courier/generate/pickup', { body: { shipment_id: [shipmentId] }, safe: false })
      const { pickup_status, response } = answer.json as {
        pickup_status?: number
        response?: { pickup_scheduled_date?: string; data?: unknown }
      }
      if (answer.status < 300 && pickup_status === 1) {
        const date = response?.pickup_scheduled_date
        return { scheduledDate: date ? parseIstDay(date) : null, alreadyRequested: false }
      }
      // A second request answers an "already in pickup queue" kind of message (a 200 or a 4xx): the
      // pickup stands.
      const said = textOf(answer.json) ?? sentence(response?.data)
      if (answer.status < 500 && said && /already/i.test(said)) return { scheduledDate: null, alreadyRequested: true }
      if (answer.status >= 300) throw refusal(answer)
      throw softFailure(answer, response?.data, 'Shiprocket did not schedule the pickup')
    },

    async manifest(shipmentIds, srOrderIds) {
      const answer = await call('POST', 'manifests/generate', { body: { shipment_id: shipmentIds }, safe: false })
      const { manifest_url, already_manifested_shipment_ids } = answer.json
      if (answer.status < 300 && typeof manifest_url === 'string' && manifest_url) return manifest_url
      // A repeat is refused with the shipments already on a manifest: that manifest is the one wanted.
      const already =
        (Array.isArray(already_manifested_shipment_ids) && already_manifested_shipment_ids.length > 0) ||
        /already/i.test(textOf(answer.json) ?? '')
      if (!already)
        throw answer.status >= 300 ? refusal(answer) : softFailure(answer, undefined, 'Shiprocket made no manifest')
      const printed = await ok('POST', 'manifests/print', { body: { order_ids: srOrderIds }, safe: true })
      const url = printed.json.manifest_url
      if (typeof url !== 'string' || !url)
        throw softFailure(printed, undefined, 'Shiprocket found no manifest to print')
      return url
    },

    async download(url) {
      // A storage link, not the API: it gets no token.
      const { status, bytes } = await send(url, { method: 'GET' }, maxAttempts)
      if (status >= 300) throw failure(`Shiprocket's file storage answered HTTP ${status}`, status)
      if (!isPdf(bytes)) throw failure('The file Shiprocket linked to is not a PDF', status, { soft: true })
      return bytes
    },

    async cancelOrders(srOrderIds) {
      if (srOrderIds.length === 0) return
      // Any 2xx is accepted (the docs say 204; Shiprocket's own client ignores the body): tracking confirms.
      await ok('POST', 'orders/cancel', { body: { ids: srOrderIds }, safe: false })
    },

    async track(awbs) {
      const reports = new Map<string, TrackingReport | null>()
      for (const batch of chunks([...new Set(awbs)], TRACK_BATCH)) await trackBatch(batch, reports)
      return reports
    },
  }
}

function orderBody(input: CreateOrderInput) {
  return {
    order_id: input.channelOrderId,
    order_date: istMinute(input.orderDate),
    pickup_location: input.pickupLocation,
    billing_customer_name: input.customerName,
    billing_address: input.address,
    billing_city: input.city,
    billing_pincode: input.pincode,
    billing_state: input.state,
    billing_country: 'India',
    billing_email: input.email,
    billing_phone: input.phone.replace(/\D/g, '').slice(-10),
    shipping_is_billing: true,
    order_items: input.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: rupees(item.sellingPrice),
      tax: item.taxPercent,
      hsn: item.hsn,
    })),
    payment_method: input.paymentMethod,
    // Shiprocket does not add the items up: sub_total is ours to send.
    sub_total: rupees(input.subTotal),
    shipping_charges: rupees(input.shippingCharges),
    total_discount: rupees(input.totalDiscount),
    length: input.lengthCm,
    breadth: input.breadthCm,
    height: input.heightCm,
    weight: input.weightKg,
  }
}

function courierOption(raw: RawCourier): CourierOption {
  const days = Number(raw.estimated_delivery_days)
  const rating = Number(raw.rating)
  return {
    courierCompanyId: Number(raw.courier_company_id),
    name: raw.courier_name ?? '',
    rate: paise(raw.rate),
    codCharges: paise(raw.cod_charges),
    cod: raw.cod === 1,
    // A string in the answer ("4").
    estimatedDays: raw.estimated_delivery_days !== undefined && Number.isFinite(days) ? days : null,
    etd: raw.etd ? parseIstDay(raw.etd) : null,
    rating: raw.rating !== undefined && raw.rating !== null && Number.isFinite(rating) ? rating : null,
    surface: raw.is_surface === true || raw.is_surface === 1,
  }
}

/** A tracking answer as the shop reads it; null while the courier has no scan (`track_status` 0). */
function report(awb: string, data: RawTracking | undefined): TrackingReport | null {
  if (!data || data.track_status === 0) return null
  const track = data.shipment_track?.[0]
  // Shiprocket lists the newest scan first; reversed before the sort, scans of the same minute keep their order.
  const scans = (data.shipment_track_activities ?? [])
    .toReversed()
    .flatMap((activity) => {
      const at = activity.date ? parseIstTime(activity.date) : null
      if (!at) return []
      return [
        {
          at,
          code: activity.status ?? '',
          activity: activity.activity ?? '',
          location: activity.location ?? '',
          statusId: statusIdOf(activity['sr-status']),
        },
      ]
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime())
  const etd = data.etd ?? track?.edd
  return {
    awb: track?.awb_code || awb,
    statusId: statusIdOf(data.shipment_status) ?? scans.at(-1)?.statusId ?? null,
    currentStatus: track?.current_status ?? '',
    etd: etd ? parseIstDay(etd) : null,
    trackUrl: data.track_url || null,
    scans,
  }
}

/** Shiprocket's status ids come as numbers or strings ("17"), and "NA" for scans without one. */
function statusIdOf(value: unknown): number | null {
  const id = Number(value)
  return value !== null && value !== '' && Number.isInteger(id) ? id : null
}

/** Paise as Shiprocket's rupees: whole rupees are integers, the rest have two decimals. */
function rupees(paiseAmount: number): number {
  return Math.round(paiseAmount) / 100
}

function paise(rupeesAmount: unknown): number {
  return Math.round(Number(rupeesAmount ?? 0) * 100)
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = []
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size))
  return out
}

function isPdf(bytes: Uint8Array): boolean {
  return new TextDecoder().decode(bytes.subarray(0, 5)) === '%PDF-'
}

function parseObject(bytes: Uint8Array): Record<string, unknown> {
  try {
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : {}
  } catch {
    // Empty (a 204) or not JSON (a proxy's HTML page): the status says what happened.
    return {}
  }
}

function jwtPayload(jwt: string): { iat?: unknown; exp?: unknown } {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'))
  } catch {
    return {}
  }
}

/** The message of an answer: `message`, or a string `response` (the label's and others' soft failures). */
function textOf(json: Said): string | null {
  return sentence(json.message) ?? sentence(json.response)
}

/** Shiprocket's text without its final full stop, so that callers can build on it; null for none. */
function sentence(text: unknown): string | null {
  return typeof text === 'string' && text.trim() ? unstop(text.trim()) : null
}

function unstop(text: string): string {
  return text.replace(/\.+$/, '')
}

function fieldErrorsOf(errors: unknown): Record<string, string[]> | undefined {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined
  const fields = Object.entries(errors).map(([field, messages]) => [
    field,
    (Array.isArray(messages) ? messages : [messages]).map(String),
  ])
  return fields.length > 0 ? Object.fromEntries(fields) : undefined
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
}

// Dates: the API writes Indian time without a zone, in several formats.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** The formats seen, each giving [year, month, day, hour?, minute?, second?]. */
const IST_FORMATS: { pattern: RegExp; fields: (match: RegExpExecArray) => (string | number | undefined)[] }[] = [
  // Scans, pickups, edd: '2026-03-11 18:20:00', '2026-03-10 14:05', '2026-03-10 14:09:54.034695', '2026-03-14'
  {
    pattern: /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/,
    fields: (m) => [m[1], m[2], m[3], m[4], m[5], m[6]],
  },
  // The webhook's current_timestamp: '12 03 2026 11:43:52'
  {
    pattern: /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/,
    fields: (m) => [m[3], m[2], m[1], m[4], m[5], m[6]],
  },
  // Serviceability's etd: 'Mar 14, 2026'
  {
    pattern: /^([A-Za-z]{3})[a-z]* (\d{1,2}), (\d{4})$/,
    fields: (m) => [m[3], MONTHS.indexOf(m[1]!.toLowerCase()) + 1, m[2]],
  },
]

/** Indian-time strings of the API ('2026-03-11 18:20:00', '12 03 2026 11:43:52', 'Mar 14, 2026') as instants / days. */
export function parseIstTime(value: string): Date | null {
  const text = value.trim()
  for (const format of IST_FORMATS) {
    const match = format.pattern.exec(text)
    if (!match) continue
    const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = format
      .fields(match)
      .map((part) => Number(part ?? 0))
    const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
    // Date.UTC rolls 31 Feb over into March: a date that does not exist is refused instead.
    const exists =
      utc.getUTCFullYear() === year &&
      utc.getUTCMonth() === month - 1 &&
      utc.getUTCDate() === day &&
      hour < 24 &&
      minute < 60 &&
      second < 60
    return exists ? new Date(utc.getTime() - IST_OFFSET_MS) : null
  }
  return null
}

/** The Indian day ('YYYY-MM-DD') of an API date string, or null. */
export function parseIstDay(value: string): string | null {
  const at = parseIstTime(value)
  return at ? new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10) : null
}

/** 'YYYY-MM-DD HH:mm' in Indian time, as `order_date` wants it. */
function istMinute(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')
}

/** At most `size` holders at once; the others wait in turn. */
function semaphore(size: number) {
  let held = 0
  const waiting: (() => void)[] = []
  return {
    async take() {
      if (held < size) {
        held++
        return
      }
      // The slot passes straight from the giver to the first waiter.
      await new Promise<void>((resolve) => waiting.push(resolve))
    },
    give() {
      const next = waiting.shift()
      if (next) next()
      else held--
    },
  }
}
