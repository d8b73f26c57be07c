// The Shiprocket simulator speaks Shiprocket's protocol (reference/shiprocket.md) closely enough for the
// shipping adapter and the drills to rely on it: its answers and error shapes, its soft failures, its
// webhooks with the x-api-key, its faults, and the control API a separately running shop is driven by.
import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { readPdfText } from '../tests/pdf-text.ts'
import { type ShiprocketSimulator, startShiprocketSimulator } from './shiprocket-simulator.ts'

const EMAIL = 'api-orders@namkeenshop.in'
const PASSWORD = 'api-user-password'
const HOOK_TOKEN = 'hook-token-0123456789abcdefghij'
const NO_ACTIVITIES = 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.'

interface Received {
  headers: IncomingHttpHeaders
  body: Record<string, unknown> & { scans: Record<string, string>[] }
}

// A shop's webhook endpoint in miniature: it keeps what it gets and refuses a wrong key, as the shop must.
const received: Received[] = []
const receiver = createServer((request, response) => {
  let body = ''
  request.on('data', (chunk) => (body += chunk))
  request.on('end', () => {
    received.push({ headers: request.headers, body: JSON.parse(body) })
    response.statusCode = request.headers['x-api-key'] === HOOK_TOKEN ? 200 : 401
    response.end()
  })
})

let sim: ShiprocketSimulator
let token: string

beforeAll(async () => {
  receiver.listen(0, '127.0.0.1')
  await once(receiver, 'listening')
  const { port } = receiver.address() as AddressInfo
  sim = await startShiprocketSimulator({
    email: EMAIL,
    password: PASSWORD,
    webhook: { url: `http://127.0.0.1:${port}/hooks/courier-events`, token: HOOK_TOKEN },
  })
  token = await login(sim)
})
afterAll(async () => {
  await sim.close()
  receiver.close()
})
afterEach(() => sim.clearFaults())

interface Answer {
  status: number
  headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: answers are Shiprocket's JSON, checked field by field
  body: any
  text: string
}

async function call(
  method: 'GET' | 'POST',
  path: string,
  {
    body,
    bearer = token,
    target = sim,
    signal,
  }: { body?: unknown; bearer?: string | null; target?: ShiprocketSimulator; signal?: AbortSignal } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (bearer) headers.Authorization = `Bearer ${bearer}`
  const response = await fetch(`${target.url}/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  const text = await response.text()
  let parsed: unknown = null
  try {
    parsed = JSON.parse(text)
  } catch {
    // HTML from the edge, or an empty 204.
  }
  return { status: response.status, headers: response.headers, body: parsed, text }
}

async function login(target: ShiprocketSimulator) {
  const answer = await call('POST', 'auth/login', { body: { email: EMAIL, password: PASSWORD }, bearer: null, target })
  return answer.body.token as string
}

let counter = 0
function orderBody(overrides: Record<string, unknown> = {}) {
  counter++
  return {
    order_id: `1042${String(counter).padStart(2, '0')}`,
    order_date: '2026-03-10 14:05',
    pickup_location: 'Indore Kitchen',
    billing_customer_name: 'Priya',
    billing_last_name: 'Sharma',
    billing_address: 'Flat 12, 4th Cross, Indiranagar',
    billing_city: 'Bengaluru',
    billing_pincode: 560038,
    billing_state: 'Karnataka',
    billing_country: 'India',
    billing_email: 'priya@example.com',
    billing_phone: 9876543210,
    shipping_is_billing: true,
    order_items: [
      { name: 'Ratlami Sev 400 g', sku: 'RS-400', units: 2, selling_price: 180, tax: 5, hsn: 210690 },
      { name: 'Indori Mixture 250 g', sku: 'IM-250', units: 1, selling_price: 120, tax: 5, hsn: 210690 },
    ],
    payment_method: 'COD',
    shipping_charges: 49,
    total_discount: 0,
    sub_total: 480,
    length: 22,
    breadth: 16,
    height: 10,
    weight: 1.2,
    ...overrides,
  }
}

/** Creates an order and assigns its AWB: what the adapter's booking does first. */
async function book(overrides: Record<string, unknown> = {}) {
  const body = orderBody(overrides)
  const created = await call('POST', 'orders/create/adhoc', { body })
  const assigned = await call('POST', 'courier/assign/awb', { body: { shipment_id: created.body.shipment_id } })
  return {
    channelOrderId: body.order_id,
    srOrderId: created.body.order_id as number,
    shipmentId: created.body.shipment_id as number,
    awb: assigned.body.response.data.awb_code as string,
  }
}

const hooksFor = (awb: string) => received.filter((hook) => hook.body.awb === awb)

describe('login and tokens', () => {
  it('issues a JWT whose exp is iat plus ten days, and refuses a wrong password', async () => {
    const [, payload] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    expect(claims.exp - claims.iat).toBe(864_000)
    expect(token.split('.')).toHaveLength(3)

    const wrong = await call('POST', 'auth/login', { body: { email: EMAIL, password: 'guess' }, bearer: null })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toMatch(/invalid/i)
    const missing = await call('POST', 'auth/login', { body: {}, bearer: null })
    expect(missing.status).toBe(422)
    expect(missing.body.errors.email).toEqual(['The email field is required.'])
  })

  it('answers 401 Unauthenticated. without a token, with an unknown one, after logout and after an expiry', async () => {
    for (const bearer of [null, 'not-a-token']) {
      const answer = await call('GET', 'settings/company/pickup', { bearer })
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ message: 'Unauthenticated.' })
    }
    const mine = await login(sim)
    expect((await call('GET', 'settings/company/pickup', { bearer: mine })).status).toBe(200)
    await call('POST', 'auth/logout', { bearer: mine })
    expect((await call('GET', 'settings/company/pickup', { bearer: mine })).status).toBe(401)

    sim.expireTokens()
    expect((await call('GET', 'settings/company/pickup')).status).toBe(401)
    token = await login(sim)
    expect((await call('GET', 'settings/company/pickup')).status).toBe(200)
  })

  it('refuses a token once its exp has passed', async () => {
    const shortLived = await startShiprocketSimulator({ email: EMAIL, password: PASSWORD, tokenLifetimeSeconds: 0 })
    try {
      const expired = await login(shortLived)
      expect((await call('GET', 'settings/company/pickup', { bearer: expired, target: shortLived })).status).toBe(401)
    } finally {
      await shortLived.close()
    }
  })

  it('lists the saved pickup addresses', async () => {
    const answer = await call('GET', 'settings/company/pickup')
    expect(answer.body.data.shipping_address).toEqual([
      expect.objectContaining({ pickup_location: 'Indore Kitchen', pin_code: '452001', city: 'Indore' }),
    ])
  })
})

describe('courier serviceability', () => {
  const check = (query: string) => call('GET', `courier/serviceability/?${query}`)

  it('offers four couriers with rupee rates, string delivery days and a COD-less one', async () => {
    const answer = await check('pickup_postcode=452001&delivery_postcode=560001&weight=0.5&cod=1')
    expect(answer.status).toBe(200)
    const couriers = answer.body.data.available_courier_companies
    expect(couriers.map((c: { courier_company_id: number }) => c.courier_company_id)).toEqual([43, 51, 2, 6])
    for (const courier of couriers) {
      expect(courier.estimated_delivery_days).toMatch(/^\d+$/)
      expect(courier.etd).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/)
      expect(courier.rate).toBe(courier.freight_charge + courier.cod_charges)
    }
    expect(couriers.find((c: { courier_company_id: number }) => c.courier_company_id === 6).cod).toBe(0)
    expect(answer.body.data.recommended_courier_company_id).toBe(43)
  })

  it('charges more for a farther PIN code and a heavier parcel', async () => {
    const rate = async (query: string) =>
      (await check(`pickup_postcode=452001&cod=0&${query}`)).body.data.available_courier_companies[0].rate
    const local = await rate('delivery_postcode=452010&weight=0.5')
    const national = await rate('delivery_postcode=560001&weight=0.5')
    expect(local).toBeLessThan(national)
    expect(await rate('delivery_postcode=560001&weight=2')).toBeGreaterThan(national)
  })

  it('says a PIN code is unserviceable in both observed shapes, and where no courier takes cash', async () => {
    const empty = await check('pickup_postcode=452001&delivery_postcode=744301&weight=0.5&cod=0')
    expect(empty.body.data.available_courier_companies).toEqual([])
    const notFound = await check('pickup_postcode=452001&delivery_postcode=194101&weight=0.5&cod=0')
    expect(notFound.status).toBe(200)
    expect(notFound.body).toMatchObject({ status: 404, message: expect.any(String) })
    const cashless = await check('pickup_postcode=452001&delivery_postcode=796001&weight=0.5&cod=1')
    const couriers = cashless.body.data.available_courier_companies
    expect(couriers.length).toBeGreaterThanOrEqual(3)
    expect(couriers.every((c: { cod: number }) => c.cod === 0)).toBe(true)

    sim.fault({ kind: 'unserviceable', pincode: '560001', shape: '404' })
    expect((await check('pickup_postcode=452001&delivery_postcode=560001&weight=0.5&cod=0')).body.status).toBe(404)
  })

  it('answers for a Shiprocket order id, and says so for an unknown one', async () => {
    const created = await call('POST', 'orders/create/adhoc', { body: orderBody() })
    const known = await check(`order_id=${created.body.order_id}`)
    expect(known.body.data.available_courier_companies[0]).toMatchObject({ postcode: '560038', city: 'Bengaluru' })
    expect((await check('order_id=1')).body).toEqual({ status: 404, message: 'Order does not exist!' })
  })

  it('refuses a question without weight and cod with 422 and an errors object', async () => {
    const answer = await check('pickup_postcode=452001&delivery_postcode=560001')
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({
      message: 'Required field missing',
      status_code: 422,
      errors: {
        weight: ['The weight field is required when order id is not present.'],
        cod: [expect.any(String)],
        order_id: [expect.any(String)],
      },
    })
  })
})

describe('creating an order', () => {
  it('refuses invalid data with one array of messages per field', async () => {
    const answer = await call('POST', 'orders/create/adhoc', {
      body: orderBody({
        order_id: 'x'.repeat(51),
        pickup_location: 'Bhopal Godown',
        billing_phone: '98765',
        length: 0.5,
        weight: 0,
        order_items: [],
        billing_city: undefined,
      }),
    })
    expect(answer.status).toBe(422)
    expect(answer.body.message).toBe('Oops! Invalid Data.')
    expect(answer.body.status_code).toBe(422)
    expect(answer.body.errors).toEqual({
      order_id: ['The order id may not be greater than 50 characters.'],
      pickup_location: [expect.stringContaining('Indore Kitchen')],
      billing_city: ['The billing city field is required.'],
      billing_phone: ['The billing phone must be 10 digits.'],
      length: ['The length must be greater than 0.5.'],
      weight: ['The weight must be greater than 0.'],
      order_items: ['The order items field is required.'],
    })
  })

  it('creates a NEW order and reads it back with its total', async () => {
    const body = orderBody()
    const answer = await call('POST', 'orders/create/adhoc', { body })
    expect(answer.body).toMatchObject({ status: 'NEW', status_code: 1, awb_code: null })
    expect(answer.body.order_id).toEqual(expect.any(Number))

    const shown = await call('GET', `orders/show/${answer.body.order_id}`)
    expect(shown.body.data).toMatchObject({
      id: answer.body.order_id,
      channel_order_id: body.order_id,
      payment_method: 'cod',
      total: 529,
      status: 'NEW',
      customer_pincode: '560038',
      shipments: { id: answer.body.shipment_id, awb: null },
    })
    const found = await call('GET', `orders?search=${body.order_id}`)
    expect(found.body.data.map((order: { id: number }) => order.id)).toEqual([answer.body.order_id])
    expect((await call('GET', 'orders/show/1')).status).toBe(404)
  })

  it('answers the existing order for a repeated channel order id, CANCELED once cancelled, or 422 when told', async () => {
    const body = orderBody()
    const first = await call('POST', 'orders/create/adhoc', { body })
    const again = await call('POST', 'orders/create/adhoc', { body: { ...body, sub_total: 1 } })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ order_id: first.body.order_id, shipment_id: first.body.shipment_id })
    expect(sim.calls('orders/create/adhoc', { order_id: body.order_id })).toBe(2)
    expect(sim.order(body.order_id)?.total).toBe(529)

    await call('POST', 'orders/cancel', { body: { ids: [first.body.order_id] } })
    const dead = await call('POST', 'orders/create/adhoc', { body })
    expect(dead.body).toMatchObject({ order_id: first.body.order_id, status: 'CANCELED', status_code: 5, awb_code: '' })

    sim.fault({ kind: 'duplicate-422' })
    const refused = await call('POST', 'orders/create/adhoc', { body })
    expect(refused.status).toBe(422)
    expect(refused.body.errors.order_id).toHaveLength(1)
  })
})

describe('assigning an AWB', () => {
  it('assigns a 14-digit AWB once; a second assign is a soft failure; a reassign is allowed once a day', async () => {
    const created = await call('POST', 'orders/create/adhoc', { body: orderBody() })
    const shipmentId = created.body.shipment_id
    const first = await call('POST', 'courier/assign/awb', { body: { shipment_id: shipmentId, courier_id: 51 } })
    expect(first.body.awb_assign_status).toBe(1)
    expect(first.body.response.data).toMatchObject({
      courier_company_id: 51,
      courier_name: 'Xpressbees Surface',
      cod: 1,
    })
    expect(first.body.response.data.awb_code).toMatch(/^\d{14}$/)

    const second = await call('POST', 'courier/assign/awb', { body: { shipment_id: shipmentId } })
    expect(second.status).toBe(200)
    expect(second.body).toEqual({
      awb_assign_status: 0,
      response: { data: { awb_assign_error: 'AWB is already assigned' } },
    })

    const moved = await call('POST', 'courier/assign/awb', {
      body: { shipment_id: shipmentId, courier_id: 43, status: 'reassign' },
    })
    expect(moved.body.response.data.courier_company_id).toBe(43)
    expect(moved.body.response.data.awb_code).not.toBe(first.body.response.data.awb_code)
    const again = await call('POST', 'courier/assign/awb', { body: { shipment_id: shipmentId, status: 'reassign' } })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ message: 'Oops! Cannot reassign courier for this shipment.', status_code: 400 })
  })

  it('refuses an unknown shipment with 422, a COD order on a cashless courier, a low wallet and a soft fault', async () => {
    const unknown = await call('POST', 'courier/assign/awb', { body: { shipment_id: 1 } })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors.shipment_id).toEqual(['The selected shipment id is invalid.'])

    const created = await call('POST', 'orders/create/adhoc', { body: orderBody() })
    const assign = (extra: object = {}) =>
      call('POST', 'courier/assign/awb', { body: { shipment_id: created.body.shipment_id, ...extra } })
    expect((await assign({ courier_id: 6 })).body.awb_assign_status).toBe(0)

    sim.fault({ kind: 'low-balance' })
    const low = await assign()
    expect(low.body).toMatchObject({ status_code: 350, message: expect.stringMatching(/recharge/i) })
    expect((await assign()).body.status_code).toBe(350)
    sim.clearFaults()

    sim.fault({ kind: 'soft', route: 'courier/assign/awb', message: 'Courier under maintenance' })
    expect((await assign()).body.response.data.awb_assign_error).toBe('Courier under maintenance')
    expect((await assign()).body.awb_assign_status).toBe(1)
  })
})

describe('label, pickup and manifest', () => {
  it('makes a label PDF with the AWB, the courier, where it goes and what to collect', async () => {
    const parcel = await book()
    const answer = await call('POST', 'courier/generate/label', { body: { shipment_id: [parcel.shipmentId] } })
    expect(answer.body).toMatchObject({ label_created: 1, not_created: [] })
    expect(answer.body.label_url).toBe(`${sim.origin}/__sim/files/label-${parcel.shipmentId}.pdf`)
    const pdf = await fetch(answer.body.label_url)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const page = readPdfText(new Uint8Array(await pdf.arrayBuffer())).pages[0]
    for (const shown of [parcel.awb, 'Delhivery Surface', 'Priya Sharma', 'Bengaluru', '560038', 'COD: Rs. 529.00']) {
      expect(page).toContain(shown)
    }

    const notArray = await call('POST', 'courier/generate/label', { body: { shipment_id: parcel.shipmentId } })
    expect(notArray.status).toBe(422)
    expect(notArray.body.errors.shipment_id).toEqual(['The shipment id must be an array.'])
    const created = await call('POST', 'orders/create/adhoc', { body: orderBody() })
    const noAwb = await call('POST', 'courier/generate/label', { body: { shipment_id: [created.body.shipment_id] } })
    expect(noAwb.body).toEqual({ label_created: 0, not_created: [], response: 'No valid shipment ids to print label' })
  })

  it('requests a pickup once, then manifests once and prints the same manifest again', async () => {
    const parcel = await book({ payment_method: 'Prepaid' })
    const manifest = (ids: number[]) => call('POST', 'manifests/generate', { body: { shipment_id: ids } })
    expect((await manifest([parcel.shipmentId])).status).toBe(400)

    const pickup = await call('POST', 'courier/generate/pickup', { body: { shipment_id: [parcel.shipmentId] } })
    expect(pickup.body.pickup_status).toBe(1)
    expect(pickup.body.response.data).toContain(parcel.awb)
    expect(pickup.body.response.pickup_scheduled_date).toMatch(/^\d{4}-\d{2}-\d{2} 14:00:00$/)
    const twice = await call('POST', 'courier/generate/pickup', { body: { shipment_id: [parcel.shipmentId] } })
    expect(twice.status).toBe(400)
    expect(twice.body.message).toMatch(/already in pickup queue/i)

    const made = await manifest([parcel.shipmentId])
    expect(made.body).toEqual({ status: 1, manifest_url: expect.stringMatching(/\/__sim\/files\/manifest-\d+\.pdf$/) })
    const repeat = await manifest([parcel.shipmentId])
    expect(repeat.status).toBe(400)
    expect(repeat.body.already_manifested_shipment_ids).toEqual([parcel.shipmentId])
    const printed = await call('POST', 'manifests/print', { body: { order_ids: [parcel.srOrderId] } })
    expect(printed.body.manifest_url).toBe(made.body.manifest_url)
    const page = readPdfText(new Uint8Array(await (await fetch(made.body.manifest_url)).arrayBuffer())).pages[0]
    expect(page).toContain(parcel.awb)
    expect(page).toContain('PREPAID')
  })

  it('refuses a pickup for a shipment without an AWB', async () => {
    const created = await call('POST', 'orders/create/adhoc', { body: orderBody() })
    const answer = await call('POST', 'courier/generate/pickup', { body: { shipment_id: [created.body.shipment_id] } })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ message: 'Invalid shipment id', status_code: 400 })
  })
})

describe('cancelling', () => {
  it('cancels an order before pickup (204, then CANCELED and a webhook) but not once picked up', async () => {
    const parcel = await book()
    const answer = await call('POST', 'orders/cancel', { body: { ids: [parcel.srOrderId] } })
    expect(answer.status).toBe(204)
    expect((await call('GET', `orders/show/${parcel.srOrderId}`)).body.data.status).toBe('CANCELED')
    await expect.poll(() => hooksFor(parcel.awb).map((hook) => hook.body.shipment_status_id)).toEqual([8])

    const gone = await book()
    await sim.advance(gone.awb, 42)
    const refused = await call('POST', 'orders/cancel', { body: { ids: [gone.srOrderId] } })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/cannot be cancelled/)
    expect((await call('POST', 'orders/cancel', { body: { ids: [1] } })).status).toBe(500)
    expect((await call('POST', 'orders/cancel', { body: {} })).body.errors.ids).toHaveLength(1)
  })

  it('cancels a shipment before OUT FOR PICKUP, keeping the order for a new AWB, and refuses after', async () => {
    const parcel = await book()
    const answer = await call('POST', 'orders/cancel/shipment/awbs', { body: { awbs: [parcel.awb] } })
    expect(answer.body.message).toMatch(/in progress/)
    expect(sim.shipmentByAwb(parcel.awb)?.statusId).toBe(8)
    expect(sim.order(parcel.channelOrderId)?.cancelled).toBe(false)
    const again = await call('POST', 'courier/assign/awb', { body: { shipment_id: parcel.shipmentId } })
    expect(again.body.response.data.awb_code).not.toBe(parcel.awb)

    const late = await book()
    await sim.advance(late.awb, 19)
    const refused = await call('POST', 'orders/cancel/shipment/awbs', { body: { awbs: [late.awb] } })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toContain(late.awb)
    expect(sim.shipmentByAwb(late.awb)?.statusId).toBe(19)
  })
})

describe('tracking', () => {
  it('says "no activities" before the first scan, then shows scans newest first with sr-status as a string', async () => {
    const parcel = await book()
    const before = await call('GET', `courier/track/awb/${parcel.awb}`)
    expect(before.body).toEqual({ tracking_data: { track_status: 0, error: NO_ACTIVITIES } })

    await sim.advance(parcel.awb, 42, { at: new Date('2026-03-11T12:50:00Z') })
    await sim.advance(parcel.awb, 17, { at: new Date('2026-03-14T03:27:00Z') })
    const byAwb = (await call('GET', `courier/track/awb/${parcel.awb}`)).body.tracking_data
    expect(byAwb).toMatchObject({
      track_status: 1,
      shipment_status: 17,
      shipment_track: [
        { awb_code: parcel.awb, current_status: 'OUT FOR DELIVERY', pickup_date: '2026-03-11 18:20:00' },
      ],
      track_url: `https://shiprocket.co/tracking/${parcel.awb}`,
    })
    expect(byAwb.shipment_track_activities).toEqual([
      expect.objectContaining({
        date: '2026-03-14 08:57:00',
        'sr-status': '17',
        'sr-status-label': 'OUT FOR DELIVERY',
      }),
      expect.objectContaining({ date: '2026-03-11 18:20:00', status: 'X-PPOM', 'sr-status': '42' }),
    ])
    expect((await call('GET', `courier/track/shipment/${parcel.shipmentId}`)).body.tracking_data).toEqual(byAwb)
    expect((await call('GET', `courier/track?order_id=${parcel.channelOrderId}`)).body).toEqual([
      { tracking_data: byAwb },
    ])
    const many = await call('POST', 'courier/track/awbs', { body: { awbs: [parcel.awb, '19040000000000'] } })
    expect(many.body[parcel.awb].tracking_data).toEqual(byAwb)
    expect(many.body['19040000000000'].tracking_data.track_status).toBe(0)

    sim.fault({ kind: 'soft', route: 'courier/track' })
    expect((await call('GET', `courier/track/awb/${parcel.awb}`)).body.tracking_data.track_status).toBe(0)
    expect((await call('GET', 'courier/track/awb/x/y')).body).toEqual({ message: '404 Not Found', status_code: 404 })
  })
})

describe('tracking webhooks', () => {
  it('posts every scan so far with the x-api-key, Indian times and a current_status_id of another numbering', async () => {
    const parcel = await book()
    await sim.advance(parcel.awb, 42, { at: new Date('2026-03-11T12:50:00Z') })
    expect(await sim.advance(parcel.awb, 18, { at: new Date('2026-03-12T06:13:46Z') })).toEqual([200])
    const [, hook] = hooksFor(parcel.awb)
    expect(hook?.headers['x-api-key']).toBe(HOOK_TOKEN)
    expect(hook?.body).toMatchObject({
      awb: parcel.awb,
      courier_name: 'Delhivery Surface',
      current_status: 'IN TRANSIT',
      shipment_status: 'IN TRANSIT',
      shipment_status_id: 18,
      current_status_id: 20,
      current_timestamp: '12 03 2026 11:43:46',
      order_id: parcel.channelOrderId,
      sr_order_id: parcel.srOrderId,
      is_return: 0,
    })
    expect(hook?.body.scans.map((scan) => [scan.date, scan['sr-status']])).toEqual([
      ['2026-03-11 18:20:00', '42'],
      ['2026-03-12 11:43:46', '18'],
    ])
  })

  it('puts the NDR reason in the scan and can send a disagreeing current_status_id', async () => {
    const parcel = await book()
    await sim.advance(parcel.awb, 21, { ndrReason: 'Customer refused to accept', currentStatusId: 7 })
    const [hook] = hooksFor(parcel.awb)
    expect(hook?.body.current_status_id).toBe(7)
    expect(hook?.body.scans.at(-1)?.activity).toBe('Undelivered - Customer refused to accept')
  })

  it('sends one event twice, twice at once, with a wrong key or none, or not at all', async () => {
    const parcel = await book()
    expect(await sim.advance(parcel.awb, 42, { webhook: 'twice' })).toEqual([200, 200])
    expect(await sim.advance(parcel.awb, 18, { webhook: 'concurrent' })).toEqual([200, 200])
    const hooks = hooksFor(parcel.awb)
    expect(hooks[0]?.body).toEqual(hooks[1]?.body)
    expect(hooks[2]?.body).toEqual(hooks[3]?.body)

    expect(await sim.advance(parcel.awb, 38, { webhook: 'wrong-key' })).toEqual([401])
    const forged = hooksFor(parcel.awb).at(-1)?.headers['x-api-key']
    expect(forged).not.toBe(HOOK_TOKEN)
    expect(forged).toHaveLength(HOOK_TOKEN.length)
    expect(await sim.advance(parcel.awb, 17, { webhook: 'no-key' })).toEqual([401])
    expect(hooksFor(parcel.awb).at(-1)?.headers['x-api-key']).toBeUndefined()

    expect(await sim.advance(parcel.awb, 7, { webhook: 'drop' })).toEqual([])
    expect(hooksFor(parcel.awb)).toHaveLength(6)
    expect(sim.webhooks.at(-1)).toMatchObject({ status: null })
    expect((await call('GET', `courier/track/awb/${parcel.awb}`)).body.tracking_data.shipment_status).toBe(7)
  })

  it('delivers a late event with only the scans up to it, and a return event without touching the parcel', async () => {
    const parcel = await book()
    await sim.advance(parcel.awb, 17, { at: new Date('2026-03-14T03:27:00Z') })
    await sim.advance(parcel.awb, 18, { at: new Date('2026-03-12T06:13:46Z') })
    const late = hooksFor(parcel.awb).at(-1)!
    expect(late.body.shipment_status_id).toBe(18)
    expect(late.body.scans.map((scan) => scan['sr-status'])).toEqual(['18'])
    expect(sim.shipmentByAwb(parcel.awb)?.statusId).toBe(17)

    await sim.advance(parcel.awb, 9, { isReturn: true })
    expect(hooksFor(parcel.awb).at(-1)?.body).toMatchObject({ is_return: 1, shipment_status_id: 9 })
    expect(sim.shipmentByAwb(parcel.awb)?.statusId).toBe(17)
  })

  it('sends any body, for an unknown AWB or a replay, with the right, a wrong or no key', async () => {
    const body = { awb: '00000000000000', shipment_status_id: 7, scans: [] }
    expect(await sim.sendWebhook(body)).toBe(200)
    expect(await sim.sendWebhook(body, 'wrong')).toBe(401)
    expect(await sim.sendWebhook(body, 'none')).toBe(401)
    expect(hooksFor('00000000000000')).toHaveLength(3)
  })
})

describe('faults', () => {
  it('answers a status once: 503 as the edge’s HTML, 500 and 429 as JSON, 422 with errors', async () => {
    sim.fault({ kind: 'status', status: 503, route: 'settings/company/pickup' })
    const down = await call('GET', 'settings/company/pickup')
    expect(down.status).toBe(503)
    expect(down.headers.get('content-type')).toContain('text/html')
    expect((await call('GET', 'settings/company/pickup')).status).toBe(200)

    sim.fault({ kind: 'status', status: 500 })
    expect((await call('GET', 'settings/company/pickup')).body).toEqual({ message: 'Server Error', status_code: 500 })
    sim.fault({ kind: 'status', status: 429 })
    const limited = await call('GET', 'settings/company/pickup')
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' })
    expect(limited.headers.get('retry-after')).toBe('60')

    sim.fault({
      kind: 'status',
      status: 422,
      route: 'orders/create/adhoc',
      errors: { billing_state: ['Invalid state'] },
    })
    const invalid = await call('POST', 'orders/create/adhoc', { body: orderBody() })
    expect(invalid.body).toEqual({
      message: 'Oops! Invalid Data.',
      errors: { billing_state: ['Invalid state'] },
      status_code: 422,
    })
  })

  it('answers slowly: without success nothing is created, with success the order exists and a retry finds it', async () => {
    const lost = orderBody()
    sim.fault({ kind: 'slow', ms: 300, route: 'orders/create/adhoc' })
    await expect(
      call('POST', 'orders/create/adhoc', { body: lost, signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(sim.order(lost.order_id)).toBeUndefined()

    const slowButDone = orderBody()
    sim.fault({ kind: 'slow', ms: 300, succeed: true, route: 'orders/create/adhoc' })
    await expect(
      call('POST', 'orders/create/adhoc', { body: slowButDone, signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow()
    const created = sim.order(slowButDone.order_id)
    expect(created).toBeDefined()
    const retry = await call('POST', 'orders/create/adhoc', { body: slowButDone })
    expect(retry.body.order_id).toBe(created?.id)
    expect(sim.calls('orders/create/adhoc', { order_id: slowButDone.order_id })).toBe(2)
  })

  it('adds latencyMs to every answer', async () => {
    const slow = await startShiprocketSimulator({ email: EMAIL, password: PASSWORD, latencyMs: 150 })
    try {
      const started = performance.now()
      await login(slow)
      expect(performance.now() - started).toBeGreaterThanOrEqual(145)
    } finally {
      await slow.close()
    }
  })

  it('injects the same random faults for the same seed', async () => {
    const run = async () => {
      const drill = await startShiprocketSimulator({ email: EMAIL, password: PASSWORD })
      try {
        const bearer = await login(drill)
        drill.fault({ kind: 'random', rate: 0.5, seed: 7, kinds: [500, 503], route: 'settings/company/pickup' })
        const statuses: number[] = []
        for (let i = 0; i < 12; i++)
          statuses.push((await call('GET', 'settings/company/pickup', { bearer, target: drill })).status)
        return statuses
      } finally {
        await drill.close()
      }
    }
    const first = await run()
    expect(first).toEqual(await run())
    expect(first).toContain(200)
    expect(first.some((status) => status >= 500)).toBe(true)
  })
})

describe('the control API', () => {
  it('moves a parcel, lists shipments and requests, sets and clears faults, and serves files', async () => {
    const parcel = await book()
    const moved = await fetch(`${sim.origin}/__sim/advance`, {
      method: 'POST',
      body: JSON.stringify({ awb: parcel.awb, statusId: 42, at: '2026-03-11T12:50:00Z' }),
    })
    expect(await moved.json()).toEqual({ statuses: [200] })
    expect(hooksFor(parcel.awb).at(-1)?.body.scans[0]?.date).toBe('2026-03-11 18:20:00')
    const unknown = await fetch(`${sim.origin}/__sim/advance`, {
      method: 'POST',
      body: JSON.stringify({ awb: 'nope', statusId: 42 }),
    })
    expect(unknown.status).toBe(404)

    const shipments = await (await fetch(`${sim.origin}/__sim/shipments`)).json()
    expect(shipments).toContainEqual(
      expect.objectContaining({
        awb: parcel.awb,
        channelOrderId: parcel.channelOrderId,
        statusId: 42,
        status: 'PICKED UP',
      }),
    )

    const set = await fetch(`${sim.origin}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'status', status: 502, times: 'always' }),
    })
    expect(set.status).toBe(204)
    expect((await call('GET', 'settings/company/pickup')).status).toBe(502)
    expect((await call('GET', 'settings/company/pickup')).status).toBe(502)
    await fetch(`${sim.origin}/__sim/faults`, { method: 'DELETE' })
    expect((await call('GET', 'settings/company/pickup')).status).toBe(200)

    const requests = await (await fetch(`${sim.origin}/__sim/requests`)).json()
    const logins = requests.filter((request: { path: string }) => request.path === 'auth/login')
    expect(logins[0].body).toEqual({ email: EMAIL, password: '[redacted]' })
    expect(requests.at(-1)).toMatchObject({ method: 'GET', path: 'settings/company/pickup', status: 200 })

    expect((await fetch(`${sim.origin}/__sim/files/label-1.pdf`)).status).toBe(404)

    const sent = await fetch(`${sim.origin}/__sim/webhook`, {
      method: 'POST',
      body: JSON.stringify({ body: { awb: 'replayed' }, key: 'wrong' }),
    })
    expect(await sent.json()).toEqual({ status: 401 })
    await fetch(`${sim.origin}/__sim/expire-tokens`, { method: 'POST' })
    expect((await call('GET', 'settings/company/pickup')).status).toBe(401)
    token = await login(sim)
  })
})
