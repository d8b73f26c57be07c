// The Shiprocket adapter against the local simulator, which speaks Shiprocket's protocol over HTTP
// (reference/shiprocket.md), with each fault the reference lists. Short timeouts where a test waits for one,
// and instant backoff, keep it fast.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type ShiprocketSimulator, startShiprocketSimulator } from '#server/shiprocket-simulator.ts'
import {
  type CreateOrderInput,
  createShiprocket,
  parseIstDay,
  parseIstTime,
  ShiprocketError,
  type ShiprocketOptions,
} from './shiprocket.server.ts'

const ACCOUNT = { email: 'api-orders@namkeenshop.test', password: 'sim-password-4711' }
const DAY_MS = 86_400_000
let simulator: ShiprocketSimulator
let orderCount = 0

beforeAll(async () => {
  simulator = await startShiprocketSimulator(ACCOUNT)
})
afterAll(async () => {
  await simulator?.close()
})
afterEach(() => {
  simulator.clearFaults()
})

// The timeout tests make it short; elsewhere it is long enough for a PDF drawn on a busy machine.
function adapter(overrides: Partial<ShiprocketOptions> = {}) {
  return createShiprocket({ ...ACCOUNT, baseUrl: simulator.url, timeoutMs: 5000, backoffMs: () => 0, ...overrides })
}

function order(overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
  return {
    channelOrderId: `7${String(++orderCount).padStart(5, '0')}`,
    orderDate: new Date('2026-03-10T08:35:00Z'),
    pickupLocation: 'Indore Kitchen',
    customerName: 'Priya Sharma',
    address: 'Flat 12, 4th Cross, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560038',
    email: 'priya@example.com',
    phone: '+91 98765 43210',
    items: [
      { name: 'Ratlami Sev 400 g', sku: 'RS-400', units: 2, sellingPrice: 18000, taxPercent: 5, hsn: '210690' },
      { name: 'Indori Mixture 250 g', sku: 'IM-250', units: 1, sellingPrice: 12050, taxPercent: 5, hsn: '210690' },
    ],
    paymentMethod: 'COD',
    subTotal: 48050,
    shippingCharges: 4900,
    totalDiscount: 0,
    weightKg: 1.2,
    lengthCm: 22,
    breadthCm: 16,
    heightCm: 10,
    ...overrides,
  }
}

const quote = { pickupPincode: '452001', deliveryPincode: '560038', weightKg: 0.5 }

/** The requests the simulator received while `act` ran. */
async function requestsDuring(act: () => Promise<unknown>) {
  const from = simulator.requests.length
  await act()
  return simulator.requests.slice(from).map((request) => request.path)
}

async function failureOf(promise: Promise<unknown>): Promise<ShiprocketError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ShiprocketError)
  return error as ShiprocketError
}

/** An order with an AWB. */
async function booked(shiprocket = adapter(), overrides: Partial<CreateOrderInput> = {}) {
  const input = order(overrides)
  const created = await shiprocket.createOrder(input)
  const assigned = await shiprocket.assignAwb(created.shipmentId, 43)
  return { ...created, ...assigned, channelOrderId: input.channelOrderId }
}

function istDay(at: Date) {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10)
}

describe('the login token', () => {
  it('is fetched once and used for every call', async () => {
    const shiprocket = adapter()
    const paths = await requestsDuring(async () => {
      await shiprocket.pickupLocations()
      await shiprocket.serviceability({ ...quote, cod: false })
      await shiprocket.showOrder((await shiprocket.createOrder(order())).srOrderId)
    })
    expect(paths.filter((path) => path === 'auth/login')).toHaveLength(1)
  })

  it('is fetched once for concurrent first calls', async () => {
    const shiprocket = adapter()
    const paths = await requestsDuring(() => Promise.all([1, 2, 3].map(() => shiprocket.pickupLocations())))
    expect(paths).toEqual([
      'auth/login',
      'settings/company/pickup',
      'settings/company/pickup',
      'settings/company/pickup',
    ])
  })

  it('is renewed a day before it runs out, not before', async () => {
    let clock = Date.now()
    const shiprocket = adapter({ now: () => clock })
    await shiprocket.pickupLocations()
    clock += 8 * DAY_MS + 23 * 3600_000 // the simulator's tokens live 10 days, as Shiprocket's do
    expect(await requestsDuring(() => shiprocket.pickupLocations())).toEqual(['settings/company/pickup'])
    clock += 2 * 3600_000
    expect(await requestsDuring(() => shiprocket.pickupLocations())).toEqual(['auth/login', 'settings/company/pickup'])
  })

  it('living a short while, is renewed at half its life', async () => {
    const brief = await startShiprocketSimulator({ ...ACCOUNT, tokenLifetimeSeconds: 60 })
    try {
      let clock = Date.now()
      const shiprocket = adapter({ baseUrl: brief.url, now: () => clock })
      await shiprocket.pickupLocations()
      clock += 29_000
      await shiprocket.pickupLocations()
      expect(brief.calls('auth/login')).toBe(1)
      clock += 2000
      await shiprocket.pickupLocations()
      expect(brief.calls('auth/login')).toBe(2)
    } finally {
      await brief.close()
    }
  })

  it('that expires mid-session is replaced by one new login, and the call is sent once more', async () => {
    const shiprocket = adapter()
    await shiprocket.pickupLocations()
    simulator.expireTokens()
    const paths = await requestsDuring(() => shiprocket.pickupLocations())
    expect(paths).toEqual(['settings/company/pickup', 'auth/login', 'settings/company/pickup'])
  })

  it('expired under concurrent calls is replaced by one login', async () => {
    const shiprocket = adapter()
    await shiprocket.pickupLocations()
    simulator.expireTokens()
    const paths = await requestsDuring(() => Promise.all([1, 2, 3].map(() => shiprocket.pickupLocations())))
    expect(paths.filter((path) => path === 'auth/login')).toHaveLength(1)
    expect(paths).toHaveLength(7)
  })

  it('refused twice in a row is an error, not a loop', async () => {
    const shiprocket = adapter()
    await shiprocket.pickupLocations()
    simulator.fault({ kind: 'status', status: 401, route: 'settings/company/pickup', times: 'always' })
    const paths = await requestsDuring(async () => {
      const failure = await failureOf(shiprocket.pickupLocations())
      expect(failure).toMatchObject({ status: 401, retryable: false })
    })
    expect(paths).toEqual(['settings/company/pickup', 'auth/login', 'settings/company/pickup'])
  })

  it('is not asked for again after a refused login, and no message gives away a secret', async () => {
    const wrong = adapter({ password: 'not-the-password' })
    const paths = await requestsDuring(async () => {
      const failure = await failureOf(wrong.pickupLocations())
      expect(failure).toMatchObject({ status: 400, retryable: false })
      expect(failure.message).toContain('SHIPROCKET_PASSWORD')
      expect(failure.message).not.toContain('not-the-password')
      expect(failure.message).not.toContain(ACCOUNT.email)
    })
    expect(paths).toEqual(['auth/login'])
  })

  it('never appears in a message, nor do the e-mail and password, even when Shiprocket echoes them', async () => {
    let token = ''
    const spying: typeof fetch = (input, init) => {
      token = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') || token
      return fetch(input, init)
    }
    const shiprocket = adapter({ fetch: spying })
    await shiprocket.pickupLocations()
    expect(token).not.toBe('')
    simulator.fault({
      kind: 'status',
      status: 400,
      route: 'settings/company/pickup',
      message: `Token ${token} of ${ACCOUNT.email} (password ${ACCOUNT.password}) is refused`,
    })
    const failure = await failureOf(shiprocket.pickupLocations())
    expect(failure.message).toBe('Token [hidden] of [hidden] (password [hidden]) is refused')
  })
})

describe('retries', () => {
  it.each([500, 502, 503, 429])(
    'of a %i, with backoff, end in the answer for a call safe to repeat',
    async (status) => {
      const waits: number[] = []
      const shiprocket = adapter({
        backoffMs: (retry) => {
          waits.push(retry)
          return 0
        },
      })
      await shiprocket.pickupLocations()
      simulator.fault({ kind: 'status', status, route: 'courier/serviceability', times: 2 })
      const paths = await requestsDuring(async () => {
        expect(await shiprocket.serviceability({ ...quote, cod: false })).toMatchObject({ kind: 'serviceable' })
      })
      expect(paths).toEqual(['courier/serviceability', 'courier/serviceability', 'courier/serviceability'])
      expect(waits).toEqual([1, 2])
    },
  )

  it('stop after the attempts allowed, with a retryable error that is never "unserviceable"', async () => {
    const shiprocket = adapter()
    await shiprocket.pickupLocations()
    simulator.fault({ kind: 'status', status: 503, route: 'courier/serviceability', times: 'always' })
    const paths = await requestsDuring(async () => {
      const failure = await failureOf(shiprocket.serviceability({ ...quote, cod: false }))
      // nginx's HTML page, not JSON.
      expect(failure).toMatchObject({
        status: 503,
        retryable: true,
        soft: false,
        message: 'Shiprocket had a fault (HTTP 503)',
      })
    })
    expect(paths).toHaveLength(3)
  })

  it('also cover the login', async () => {
    simulator.fault({ kind: 'status', status: 502, route: 'auth/login' })
    const paths = await requestsDuring(() => adapter().pickupLocations())
    expect(paths).toEqual(['auth/login', 'auth/login', 'settings/company/pickup'])
  })

  it.each([500, 502, 503, 429])('never repeat an AWB assignment that met a %i', async (status) => {
    const shiprocket = adapter()
    const created = await shiprocket.createOrder(order())
    simulator.fault({ kind: 'status', status, route: 'courier/assign/awb', times: 'always' })
    const paths = await requestsDuring(async () => {
      expect(await failureOf(shiprocket.assignAwb(created.shipmentId, 43))).toMatchObject({ status, retryable: true })
    })
    expect(paths).toEqual(['courier/assign/awb'])
  })

  it('never repeat a 4xx: a 422 keeps its fields', async () => {
    const shiprocket = adapter()
    await shiprocket.pickupLocations()
    const paths = await requestsDuring(async () => {
      const failure = await failureOf(shiprocket.createOrder(order({ phone: '98765', pincode: '56003' })))
      expect(failure).toMatchObject({ status: 422, retryable: false, soft: false })
      expect(failure.fieldErrors).toEqual({
        billing_pincode: ['The billing pincode must be 6 digits.'],
        billing_phone: ['The billing phone must be 10 digits.'],
      })
      expect(failure.message).toBe(
        'Oops! Invalid Data: The billing pincode must be 6 digits; The billing phone must be 10 digits',
      )
    })
    expect(paths).toEqual(['orders/create/adhoc'])
  })

  it('of a network failure end in status 0', async () => {
    const failure = await failureOf(adapter({ baseUrl: 'http://127.0.0.1:9/v1/external' }).pickupLocations())
    expect(failure).toMatchObject({
      status: 0,
      timedOut: false,
      retryable: true,
      message: 'Shiprocket could not be reached',
    })
  })
})

describe('timeouts', () => {
  it('make a slow answer a timed-out failure', async () => {
    const shiprocket = adapter({ maxAttempts: 2, timeoutMs: 300 })
    await shiprocket.pickupLocations()
    simulator.fault({ kind: 'slow', ms: 700, route: 'courier/serviceability', times: 'always' })
    const paths = await requestsDuring(async () => {
      const failure = await failureOf(shiprocket.serviceability({ ...quote, cod: false }))
      expect(failure).toMatchObject({ status: 0, timedOut: true, retryable: true })
      expect(failure.message).toBe('Shiprocket did not answer within 0.3 s')
    })
    expect(paths).toHaveLength(2)
  })

  it('of a create that did succeed are followed by a retry that finds the same order', async () => {
    const shiprocket = adapter({ timeoutMs: 300 })
    const input = order()
    simulator.fault({ kind: 'slow', ms: 700, succeed: true, route: 'orders/create/adhoc' })
    const created = await shiprocket.createOrder(input)
    expect(simulator.calls('orders/create/adhoc', { order_id: input.channelOrderId })).toBe(2)
    expect(created).toMatchObject({
      srOrderId: simulator.order(input.channelOrderId)!.id,
      status: 'NEW',
      cancelled: false,
    })
    expect(await shiprocket.showOrder(created.srOrderId)).toMatchObject({ channelOrderId: input.channelOrderId })
  })

  it('of an AWB assignment are not retried: the caller reads the order back', async () => {
    const shiprocket = adapter({ timeoutMs: 300 })
    const created = await shiprocket.createOrder(order())
    simulator.fault({ kind: 'slow', ms: 700, succeed: true, route: 'courier/assign/awb' })
    const paths = await requestsDuring(async () => {
      expect(await failureOf(shiprocket.assignAwb(created.shipmentId, 43))).toMatchObject({ status: 0, timedOut: true })
    })
    expect(paths).toEqual(['courier/assign/awb'])
    expect((await shiprocket.showOrder(created.srOrderId)).awb).toMatch(/^1904\d+$/)
  })
})

describe('serviceability', () => {
  it('lists couriers in paise with their days, for a prepaid parcel', async () => {
    const answer = await adapter().serviceability({ ...quote, cod: false, declaredValue: 48000, lengthCm: 20 })
    expect(answer.kind).toBe('serviceable')
    if (answer.kind !== 'serviceable') return
    expect(answer.couriers.map((courier) => courier.courierCompanyId)).toEqual([43, 51, 2, 6])
    expect(answer.couriers[0]).toEqual({
      courierCompanyId: 43,
      name: 'Delhivery Surface',
      rate: 5200,
      codCharges: 0,
      cod: true,
      estimatedDays: 4,
      etd: istDay(new Date(Date.now() + 4 * DAY_MS)),
      rating: 4.6,
      surface: true,
    })
    expect(answer.couriers[2]).toMatchObject({ name: 'Blue Dart Air', surface: false, rate: 10920 })
    expect(answer.recommendedId).toBe(43)
    expect(simulator.requests.at(-1)!.body).toMatchObject({
      cod: '0',
      weight: '0.5',
      declared_value: '480',
      length: '20',
    })
  })

  it('for cash on delivery keeps only the couriers that collect cash', async () => {
    const answer = await adapter().serviceability({ ...quote, cod: true })
    expect(answer.kind === 'serviceable' && answer.couriers.map((courier) => [courier.name, courier.rate])).toEqual([
      ['Delhivery Surface', 8200],
      ['Xpressbees Surface', 7680],
      ['Blue Dart Air', 13920],
    ])
  })

  it.each([
    ['an empty list', '744301', false, 'No courier delivers to PIN code 744301'],
    ['a 404 inside a 200', '194101', false, 'Delivery is not available for pincode 194101'],
    [
      'no courier that collects cash, for COD',
      '796001',
      true,
      'No courier collects cash on delivery at PIN code 796001',
    ],
  ])('is "unserviceable" on %s', async (_shape, deliveryPincode, cod, message) => {
    expect(await adapter().serviceability({ ...quote, deliveryPincode, cod })).toEqual({
      kind: 'unserviceable',
      message,
    })
  })

  it('lets a prepaid parcel go where no courier collects cash', async () => {
    const answer = await adapter().serviceability({ ...quote, deliveryPincode: '796001', cod: false })
    expect(answer.kind === 'serviceable' && answer.couriers.every((courier) => !courier.cod)).toBe(true)
  })

  it.each(['empty', '404'] as const)(
    'is "unserviceable" when Shiprocket stops serving a PIN code (%s)',
    async (shape) => {
      simulator.fault({ kind: 'unserviceable', pincode: '411001', shape })
      const answer = await adapter().serviceability({ ...quote, deliveryPincode: '411001', cod: false })
      expect(answer.kind).toBe('unserviceable')
    },
  )

  it('keeps the fields of a 422', async () => {
    const failure = await failureOf(adapter().serviceability({ ...quote, deliveryPincode: '5600', cod: false }))
    expect(failure).toMatchObject({
      status: 422,
      fieldErrors: { delivery_postcode: ['The delivery postcode must be 6 digits.'] },
    })
  })
})

describe('orders', () => {
  it('are sent in rupees, Indian time and a 10-digit phone, and read back', async () => {
    const shiprocket = adapter()
    const input = order()
    const created = await shiprocket.createOrder(input)
    expect(created).toMatchObject({ status: 'NEW', statusCode: 1, cancelled: false })
    const sent = simulator.order(input.channelOrderId)!.body
    expect(sent).toMatchObject({
      order_id: input.channelOrderId,
      order_date: '2026-03-10 14:05',
      billing_phone: '9876543210',
      billing_pincode: '560038',
      sub_total: 480.5,
      shipping_charges: 49,
      total_discount: 0,
      weight: 1.2,
    })
    expect(sent.order_items).toEqual([
      { name: 'Ratlami Sev 400 g', sku: 'RS-400', units: 2, selling_price: 180, tax: 5, hsn: '210690' },
      { name: 'Indori Mixture 250 g', sku: 'IM-250', units: 1, selling_price: 120.5, tax: 5, hsn: '210690' },
    ])
    expect(await shiprocket.showOrder(created.srOrderId)).toEqual({
      srOrderId: created.srOrderId,
      channelOrderId: input.channelOrderId,
      status: 'NEW',
      total: 529.5,
      paymentMethod: 'cod',
      shipmentId: created.shipmentId,
      awb: null,
      courierName: null,
    })
  })

  it('created again with the same order id answer the same order', async () => {
    const shiprocket = adapter()
    const input = order()
    const first = await shiprocket.createOrder(input)
    expect(await shiprocket.createOrder(input)).toEqual(first)
  })

  it('created again after a cancel answer the dead order as cancelled', async () => {
    const shiprocket = adapter()
    const input = order()
    const first = await shiprocket.createOrder(input)
    await shiprocket.cancelOrders([first.srOrderId])
    expect(await shiprocket.createOrder(input)).toEqual({
      ...first,
      status: 'CANCELED',
      statusCode: 5,
      cancelled: true,
    })
  })

  it('an unknown one is a 404', async () => {
    expect(await failureOf(adapter().showOrder(1))).toMatchObject({ status: 404, message: 'Order not found' })
  })
})

describe('AWB, label, pickup and manifest', () => {
  it('take a booking from AWB to manifest, with its PDFs', async () => {
    const shiprocket = adapter()
    const parcel = await booked(shiprocket)
    expect(parcel).toMatchObject({ courierCompanyId: 43, courierName: 'Delhivery Surface' })
    expect(parcel.awb).toMatch(/^1904\d{10}$/)
    expect(parcel.pickupScheduledDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(await shiprocket.showOrder(parcel.srOrderId)).toMatchObject({
      awb: parcel.awb,
      courierName: 'Delhivery Surface',
    })
    const label = await shiprocket.download(await shiprocket.generateLabel(parcel.shipmentId))
    expect(new TextDecoder().decode(label.subarray(0, 5))).toBe('%PDF-')
    const pickup = await shiprocket.requestPickup(parcel.shipmentId)
    expect(pickup).toEqual({ scheduledDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), alreadyRequested: false })
    const manifest = await shiprocket.manifest([parcel.shipmentId], [parcel.srOrderId])
    expect(new TextDecoder().decode((await shiprocket.download(manifest)).subarray(0, 5))).toBe('%PDF-')
  })

  it("a second AWB for a shipment is a soft failure with Shiprocket's reason", async () => {
    const shiprocket = adapter()
    const parcel = await booked(shiprocket)
    const failure = await failureOf(shiprocket.assignAwb(parcel.shipmentId, 43))
    expect(failure).toMatchObject({ soft: true, status: 200, retryable: false, message: 'AWB is already assigned' })
  })

  it('an AWB refused in a 200 is a soft failure', async () => {
    const shiprocket = adapter()
    const created = await shiprocket.createOrder(order())
    simulator.fault({ kind: 'soft', route: 'courier/assign/awb', message: 'Courier is busy.' })
    expect(await failureOf(shiprocket.assignAwb(created.shipmentId, 43))).toMatchObject({
      soft: true,
      message: 'Courier is busy',
    })
  })

  it('a wallet too low for an AWB says so', async () => {
    const shiprocket = adapter()
    const created = await shiprocket.createOrder(order())
    simulator.fault({ kind: 'low-balance' })
    const failure = await failureOf(shiprocket.assignAwb(created.shipmentId, 43))
    expect(failure).toMatchObject({ soft: true, message: expect.stringContaining('recharge your wallet') })
  })

  it('a label not made (label_created 0) is a soft failure', async () => {
    const shiprocket = adapter()
    const parcel = await booked(shiprocket)
    simulator.fault({ kind: 'soft', route: 'courier/generate/label' })
    expect(await failureOf(shiprocket.generateLabel(parcel.shipmentId))).toMatchObject({
      soft: true,
      message: 'No valid shipment ids to print label',
    })
  })

  it('a pickup asked for twice is already requested, not an error', async () => {
    const shiprocket = adapter()
    const parcel = await booked(shiprocket)
    await shiprocket.requestPickup(parcel.shipmentId)
    expect(await shiprocket.requestPickup(parcel.shipmentId)).toEqual({ scheduledDate: null, alreadyRequested: true })
  })

  it('a manifest made before is fetched with manifests/print', async () => {
    const shiprocket = adapter()
    const parcel = await booked(shiprocket)
    await shiprocket.requestPickup(parcel.shipmentId)
    const first = await shiprocket.manifest([parcel.shipmentId], [parcel.srOrderId])
    const paths = await requestsDuring(async () => {
      expect(await shiprocket.manifest([parcel.shipmentId], [parcel.srOrderId])).toBe(first)
    })
    expect(paths).toEqual(['manifests/generate', 'manifests/print'])
  })

  it('a download that is not a PDF, or not there, is an error', async () => {
    const shiprocket = adapter()
    expect(await failureOf(shiprocket.download(`${simulator.origin}/__sim/requests`))).toMatchObject({
      message: 'The file Shiprocket linked to is not a PDF',
    })
    expect(await failureOf(shiprocket.download(`${simulator.origin}/__sim/files/gone.pdf`))).toMatchObject({
      status: 404,
    })
  })
})

describe('cancelling', () => {
  it('cancels an order', async () => {
    const shiprocket = adapter()
    const first = await booked(shiprocket)
    await shiprocket.cancelOrders([first.srOrderId])
    expect(simulator.order(first.channelOrderId)?.cancelled).toBe(true)
  })

  it('is refused once the parcel is picked up', async () => {
    const shiprocket = adapter()
    const parcel = await booked(shiprocket)
    await simulator.advance(parcel.awb, 42)
    expect(await failureOf(shiprocket.cancelOrders([parcel.srOrderId]))).toMatchObject({ status: 400 })
  })
})

describe('tracking', () => {
  it('reports the status and the scans, oldest first, in Indian time', async () => {
    const shiprocket = adapter()
    const parcel = await booked(shiprocket)
    await simulator.advance(parcel.awb, 42, { at: new Date('2026-03-11T12:50:00Z') })
    await simulator.advance(parcel.awb, 18, { at: new Date('2026-03-12T06:13:46Z') })
    const report = (await shiprocket.track([parcel.awb])).get(parcel.awb)
    expect(report).toEqual({
      awb: parcel.awb,
      statusId: 18,
      currentStatus: 'IN TRANSIT',
      etd: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      trackUrl: `https://shiprocket.co/tracking/${parcel.awb}`,
      scans: [
        {
          at: new Date('2026-03-11T12:50:00Z'),
          code: 'X-PPOM',
          activity: 'In Transit - Shipment picked up',
          location: 'Indore_Hub (Madhya Pradesh)',
          statusId: 42,
        },
        expect.objectContaining({ at: new Date('2026-03-12T06:13:46Z'), statusId: 18 }),
      ],
    })
  })

  it('reports null while a parcel has no scans (track_status 0), and for an AWB Shiprocket does not know', async () => {
    const shiprocket = adapter()
    const parcel = await booked(shiprocket)
    expect(await shiprocket.track([parcel.awb, '000'])).toEqual(
      new Map([
        [parcel.awb, null],
        ['000', null],
      ]),
    )
  })

  it('reports null when Shiprocket answers track_status 0 for a parcel with scans', async () => {
    const shiprocket = adapter()
    const parcel = await booked(shiprocket)
    await simulator.advance(parcel.awb, 42)
    simulator.fault({ kind: 'soft', route: 'courier/track' })
    expect((await shiprocket.track([parcel.awb])).get(parcel.awb)).toBeNull()
  })

  it('asks about 50 AWBs a call', async () => {
    const shiprocket = adapter()
    await shiprocket.pickupLocations()
    const awbs = Array.from({ length: 101 }, (_, index) => `99${index}`)
    const from = simulator.requests.length
    const reports = await shiprocket.track(awbs)
    expect(reports.size).toBe(101)
    const sizes = simulator.requests.slice(from).map((request) => (request.body.awbs as string[]).length)
    expect(sizes).toEqual([50, 50, 1])
  })
})

describe('Indian time', () => {
  it.each([
    ['2026-03-11 18:20:00', '2026-03-11T12:50:00.000Z', '2026-03-11'],
    ['2026-03-10 14:09:54.034695', '2026-03-10T08:39:54.000Z', '2026-03-10'],
    ['2026-03-10 14:05', '2026-03-10T08:35:00.000Z', '2026-03-10'],
    ['12 03 2026 11:43:52', '2026-03-12T06:13:52.000Z', '2026-03-12'],
    ['2026-03-14 02:00:00', '2026-03-13T20:30:00.000Z', '2026-03-14'],
    ['Mar 14, 2026', '2026-03-13T18:30:00.000Z', '2026-03-14'],
    ['Jul 01, 2024', '2024-06-30T18:30:00.000Z', '2024-07-01'],
  ])('reads %s', (text, instant, day) => {
    expect(parseIstTime(text)?.toISOString()).toBe(instant)
    expect(parseIstDay(text)).toBe(day)
  })

  it.each(['', 'NA', '2026-02-30 10:00:00', '2026-03-11 24:00:00', 'Foo 14, 2026', '11/03/2026'])(
    'refuses %j',
    (text) => {
      expect(parseIstTime(text)).toBeNull()
      expect(parseIstDay(text)).toBeNull()
    },
  )
})
