// The WhatsApp simulator speaks the Cloud API closely enough (reference/whatsapp.md, "What a simulator
// must do") for the notifier and the drills to rely on it: Graph's checks and error envelope, the
// 24-hour window, signed status webhooks over the exact bytes, the per-number outcomes, the faults, the
// webhook misbehaviour, the handshake, and the control API a separately running shop is driven by.
// Raw HTTP here (the adapter has its own tests); a small receiver plays the shop's webhook route.
import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { handshakeChallenge, isRightSignature, readWhatsAppWebhook } from '#app/whatsapp/webhook.ts'
import { metaJson, startWhatsAppSimulator, type WhatsAppSimulator } from './whatsapp-simulator.ts'

const TOKEN = 'EAAsim-token-0123456789'
const APP_SECRET = 'sim-app-secret-abcdef'
const VERIFY_TOKEN = 'verify-me-42'
const PHONE_ID = '106540352242922'
const VERSION = 'v23.0'

interface Received {
  headers: IncomingHttpHeaders
  raw: Buffer
  // biome-ignore lint/suspicious/noExplicitAny: webhook JSON, checked field by field
  json: any
  signed: boolean
}

// The shop's webhook route in miniature: the signature over the raw bytes (401 without), the handshake.
const received: Received[] = []
let receiverDelayMs = 0
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', async () => {
    if (request.method === 'GET') {
      const challenge = handshakeChallenge(new URL(request.url ?? '/', 'http://shop'), VERIFY_TOKEN)
      response.statusCode = challenge === null ? 403 : 200
      response.end(challenge ?? '')
      return
    }
    const raw = Buffer.concat(chunks)
    const signed = isRightSignature(raw, (request.headers['x-hub-signature-256'] as string) ?? null, APP_SECRET)
    received.push({ headers: request.headers, raw, json: JSON.parse(raw.toString('utf8')), signed })
    if (receiverDelayMs) await new Promise((resolve) => setTimeout(resolve, receiverDelayMs))
    response.statusCode = signed ? 200 : 401
    response.end()
  })
})

let sim: WhatsAppSimulator

beforeAll(async () => {
  receiver.listen(0, '127.0.0.1')
  await once(receiver, 'listening')
  const { port } = receiver.address() as AddressInfo
  sim = await startWhatsAppSimulator({
    accessToken: TOKEN,
    appSecret: APP_SECRET,
    phoneNumberId: PHONE_ID,
    graphVersion: VERSION,
    webhookUrl: `http://127.0.0.1:${port}/hooks/whatsapp`,
    webhookDelayMs: 5,
    statusGapMs: 5,
    templates: [
      ...(await import('./whatsapp-simulator.ts')).shopTemplates(),
      { name: 'festival_offer', language: 'en', category: 'MARKETING', body: 1 },
      { name: 'order_named', language: 'en', category: 'UTILITY', body: ['customer_name', 'order_id'] },
    ],
  })
})
afterAll(async () => {
  await sim.close()
  receiver.close()
})
beforeEach(() => {
  received.length = 0
  receiverDelayMs = 0
})
afterEach(async () => {
  await sim.idle()
  sim.clearFaults()
  sim.clearScripts()
  sim.configure({ pairRateWindowMs: 0, throughputPerSecond: 80 })
})

let counter = 0
/** A fresh customer number per test, so windows, scripts and pair rates do not leak between tests. */
function customer() {
  counter++
  return `9198765${String(43_000 + counter).padStart(5, '0')}`
}

function template(name: string, params: string[], language = 'en', extra: object[] = []) {
  return {
    name,
    language: { code: language, policy: 'deterministic' },
    components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }, ...extra],
  }
}

const CANCELLED = ['Priya', '4F2A9C1E', '+91 73140 00000']

async function send(
  body: Record<string, unknown>,
  { token = TOKEN as string | null, version = VERSION, phoneId = PHONE_ID } = {},
) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  const response = await fetch(`${sim.url}/${version}/${phoneId}/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
  const text = await response.text()
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    // The edge's HTML.
  }
  // biome-ignore lint/suspicious/noExplicitAny: Graph's JSON, checked field by field
  return { status: response.status, json: json as any, text }
}

const sendTemplate = (to: string, name = 'order_cancelled', params = CANCELLED, extra: Record<string, unknown> = {}) =>
  send({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: template(name, params),
    ...extra,
  })

const sendText = (to: string, text = 'Your parcel is at the gate') =>
  send({ messaging_product: 'whatsapp', to, type: 'text', text: { body: text } })

/** The statuses the shop received for one wamid, in arrival order. */
function statusesOf(wamid: string) {
  return received.flatMap((hook) =>
    readWhatsAppWebhook(hook.json)
      .statuses.filter((status) => status.wamid === wamid)
      .map((status) => status.status),
  )
}

describe('sending', () => {
  it('accepts an approved template, answers a fresh wamid, then posts signed sent, delivered, read', async () => {
    const to = customer()
    const answer = await sendTemplate(to, 'order_cancelled', CANCELLED, {
      biz_opaque_callback_data: 'order:4F2A9C1E;event:cancelled',
    })
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9+/=]+$/), message_status: 'accepted' }],
    })
    const wamid = answer.json.messages[0].id
    expect(Buffer.from(wamid.slice(6), 'base64').toString('latin1')).toContain(to)
    expect((await sendTemplate(to)).json.messages[0].id).not.toBe(wamid)
    await sim.idle()
    expect(statusesOf(wamid)).toEqual(['sent', 'delivered', 'read'])
    const hooks = received.filter((hook) => readWhatsAppWebhook(hook.json).statuses[0]?.wamid === wamid)
    expect(hooks.every((hook) => hook.signed)).toBe(true)
    expect(hooks[0]!.headers['x-hub-signature']).toMatch(/^sha1=[0-9a-f]{40}$/)
    const first = hooks[0]!.json
    expect(first.object).toBe('whatsapp_business_account')
    expect(first.entry[0].changes[0]).toMatchObject({
      field: 'messages',
      value: { messaging_product: 'whatsapp', metadata: { phone_number_id: PHONE_ID } },
    })
    expect(first.entry[0].changes[0].value.statuses[0]).toMatchObject({
      id: wamid,
      status: 'sent',
      timestamp: expect.stringMatching(/^\d{10}$/),
      recipient_id: to,
      biz_opaque_callback_data: 'order:4F2A9C1E;event:cancelled',
      pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' },
    })
    expect(sim.message(wamid)).toMatchObject({
      to,
      template: 'order_cancelled',
      language: 'en',
      params: CANCELLED,
      callbackData: 'order:4F2A9C1E;event:cancelled',
      statuses: [{ status: 'sent' }, { status: 'delivered' }, { status: 'read' }],
    })
    expect(sim.accepted({ template: 'order_cancelled', callbackData: /order:4F2A9C1E;/ })).toHaveLength(1)
  })

  it('answers before the shop has answered its webhook', async () => {
    receiverDelayMs = 400
    const to = customer()
    sim.script(to, { outcome: 'sent' })
    const started = Date.now()
    const answer = await sendTemplate(to)
    expect(answer.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(300)
  })

  it('refuses an unknown, missing or expired token with 190 in the Graph envelope, HTTP 401', async () => {
    const to = customer()
    for (const token of ['EAA-someone-else', null]) {
      const answer = await send({ messaging_product: 'whatsapp', to }, { token })
      expect(answer.status).toBe(401)
      expect(answer.json.error).toMatchObject({ type: 'OAuthException', code: 190, fbtrace_id: expect.any(String) })
    }
    sim.fault({ kind: 'expired-token' })
    const expired = await sendTemplate(to)
    expect(expired.status).toBe(401)
    expect(expired.json.error).toMatchObject({ code: 190, error_subcode: 463 })
    expect(expired.json.error.message).toMatch(/^Error validating access token: Session has expired/)
    expect((await sendTemplate(to)).status).toBe(401)
    sim.clearFaults()
    sim.setAccessToken('EAA-renewed')
    expect((await sendTemplate(to)).status).toBe(401)
    expect(
      (
        await send(
          { messaging_product: 'whatsapp', to, type: 'template', template: template('order_cancelled', CANCELLED) },
          { token: 'EAA-renewed' },
        )
      ).status,
    ).toBe(200)
    sim.setAccessToken(TOKEN)
    expect(sim.requests.at(-1)?.auth).toBe('right')
    expect(JSON.stringify(sim.requests)).not.toContain(TOKEN)
  })

  it('refuses a wrong product, recipient, version or phone number id with Graph codes', async () => {
    const to = customer()
    const body = { to, type: 'template', template: template('order_cancelled', CANCELLED) }
    const code = async (answer: Promise<{ json: { error?: { code?: number } } }>) => (await answer).json.error?.code
    expect(await code(send(body))).toBe(100)
    expect(await code(send({ ...body, messaging_product: 'sms' }))).toBe(100)
    expect(await code(send({ ...body, messaging_product: 'whatsapp', recipient_type: 'group' }))).toBe(100)
    expect(await code(send({ ...body, messaging_product: 'whatsapp', to: '+91 98765 43210' }))).toBe(131009)
    expect(await code(send({ ...body, messaging_product: 'whatsapp', to: '9876543210' }))).toBe(131009)
    expect(await code(send({ ...body, messaging_product: 'whatsapp' }, { version: 'v19.0' }))).toBe(100)
    expect(await code(send({ ...body, messaging_product: 'whatsapp' }, { phoneId: '999' }))).toBe(100)
    const plus = await send({ ...body, messaging_product: 'whatsapp', to: `+${to}` })
    expect(plus.json.contacts).toEqual([{ input: `+${to}`, wa_id: to }])
  })

  it('checks the template: its name and language (132001), its parameter count (132000), its parameters (132018)', async () => {
    const to = customer()
    const refused = async (tpl: unknown) =>
      (await send({ messaging_product: 'whatsapp', to, type: 'template', template: tpl })).json.error
    expect(await refused(template('order_confirmed', CANCELLED))).toMatchObject({
      code: 132001,
      error_data: { details: 'template name (order_confirmed) does not exist in en' },
    })
    expect((await refused(template('order_cancelled', CANCELLED, 'en_US'))).code).toBe(132001)
    expect((await refused(template('order_cancelled', CANCELLED, 'hi'))) ?? null).toBeNull()
    expect(await refused(template('order_cancelled', CANCELLED.slice(0, 2)))).toMatchObject({
      code: 132000,
      message: '(#132000) Number of parameters does not match the expected number of params',
      error_data: {
        details: 'body: number of localizable_params (2) does not match the expected number of params (3)',
      },
    })
    expect((await refused({ name: 'order_cancelled', language: { code: 'en' } })).code).toBe(132000)
    expect((await refused(template('order_cancelled', ['Priya\n', '4F2A9C1E', 'x']))).code).toBe(132018)
    expect((await refused(template('order_cancelled', ['Priya     S', '4F2A9C1E', 'x']))).code).toBe(132018)
    expect(
      (await refused({ ...template('order_cancelled', CANCELLED), language: { code: 'en', policy: 'fallback' } })).code,
    ).toBe(100)
    // delivery_otp's copy-code button takes the code too.
    expect((await refused(template('delivery_otp', ['482913']))).code).toBe(132000)
    const otp = template('delivery_otp', ['482913'], 'en', [
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
    ])
    expect(await refused(otp)).toBeUndefined()
    expect(sim.accepted({ to, template: 'delivery_otp' })[0]).toMatchObject({
      buttonParams: ['482913'],
      category: 'authentication',
    })
  })

  it('tells named from positional parameters and refuses a mix', async () => {
    const to = customer()
    const named = (parameters: object[]) =>
      send({
        messaging_product: 'whatsapp',
        to,
        type: 'template',
        template: { name: 'order_named', language: { code: 'en' }, components: [{ type: 'body', parameters }] },
      })
    const good = await named([
      { type: 'text', parameter_name: 'customer_name', text: 'Priya' },
      { type: 'text', parameter_name: 'order_id', text: '4F2A9C1E' },
    ])
    expect(good.status).toBe(200)
    expect(sim.message(good.json.messages[0].id)?.paramNames).toEqual(['customer_name', 'order_id'])
    expect(
      (
        await named([
          { type: 'text', text: 'Priya' },
          { type: 'text', text: '4F2A9C1E' },
        ])
      ).json.error.code,
    ).toBe(100)
    expect(
      (
        await named([
          { type: 'text', parameter_name: 'customer_name', text: 'Priya' },
          { type: 'text', text: '4F2A9C1E' },
        ])
      ).json.error.code,
    ).toBe(100)
    expect(
      (
        await named([
          { type: 'text', parameter_name: 'customer_name', text: 'Priya' },
          { type: 'text', parameter_name: 'order_number', text: '4F2A9C1E' },
        ])
      ).json.error.code,
    ).toBe(132000)
    const positionalWithNames = await send({
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: {
        name: 'order_cancelled',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: CANCELLED.map((text, i) => ({ type: 'text', text, parameter_name: `p${i}` })) },
        ],
      },
    })
    expect(positionalWithNames.json.error.code).toBe(100)
  })

  it('lets free-form text through only inside the 24-hour window an inbound message opens (131047 outside)', async () => {
    const to = customer()
    expect((await sendText(to)).json.error).toMatchObject({ code: 131047, message: '(#131047) Re-engagement message' })
    await sim.sendInbound({ from: to, text: 'Hi', at: new Date(Date.now() - 25 * 3_600_000) })
    expect((await sendText(to)).json.error.code).toBe(131047)
    await sim.sendInbound({ from: to, text: 'Where is my order?' })
    const inside = await sendText(to)
    expect(inside.status).toBe(200)
    expect(inside.json.messages[0].message_status).toBeUndefined()
    expect((await send({ messaging_product: 'whatsapp', to, type: 'carrier_pigeon' })).json.error.code).toBe(131051)
    await sim.idle()
    const sent = received.flatMap((hook) => hook.json.entry[0].changes[0].value.statuses ?? [])
    expect(sent.find((status: { id: string }) => status.id === inside.json.messages[0].id)?.pricing).toEqual({
      billable: false,
      pricing_model: 'PMP',
      type: 'free_customer_service',
      category: 'service',
    })
  })

  it('a paused or disabled template is refused (132015, 132016), by status or by fault', async () => {
    const to = customer()
    sim.setTemplateStatus('order_refunded', 'PAUSED', 'hi')
    const hi = await send({
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: template('order_refunded', ['a', 'b', 'c'], 'hi'),
    })
    expect(hi.json.error.code).toBe(132015)
    expect((await sendTemplate(to, 'order_refunded', ['a', 'b', 'c'])).status).toBe(200)
    sim.setTemplateStatus('order_refunded', 'APPROVED')
    sim.fault({ kind: 'template-disabled', template: 'order_delivered' })
    expect((await sendTemplate(to, 'order_delivered', CANCELLED)).json.error.code).toBe(132016)
    expect((await sendTemplate(to, 'order_delivered', CANCELLED)).status).toBe(200)
  })
})

describe('outcome scripts', () => {
  it.each([
    ['read-only', ['sent', 'read']],
    ['read-then-delivered', ['sent', 'read', 'delivered']],
    ['undeliverable', ['failed']],
    ['failed-then-delivered', ['sent', 'failed', 'delivered']],
    ['sent', ['sent']],
    ['silent', []],
  ] as const)('%s', async (outcome, expected) => {
    const to = customer()
    sim.script(to, { outcome })
    const answer = await sendTemplate(to)
    expect(answer.status).toBe(200)
    await sim.idle()
    const wamid = answer.json.messages[0].id
    expect(statusesOf(wamid)).toEqual(expected)
    const failed = readWhatsAppWebhook(received.find((hook) => hook.raw.includes('"failed"'))?.json).statuses[0]
    if (expected.includes('failed' as never)) {
      expect(failed).toMatchObject({ wamid, error: { code: 131026, title: 'Message undeliverable' } })
      const raw = received.find((hook) => hook.raw.includes('"failed"'))!.json.entry[0].changes[0].value.statuses[0]
      expect(raw.pricing).toBeUndefined()
    }
  })

  it('applies a script for its number of messages, then the default', async () => {
    const to = customer()
    sim.script(to, { outcome: 'sent', times: 1 })
    const first = (await sendTemplate(to)).json.messages[0].id
    const second = (await sendTemplate(to)).json.messages[0].id
    await sim.idle()
    expect(statusesOf(first)).toEqual(['sent'])
    expect(statusesOf(second)).toEqual(['sent', 'delivered', 'read'])
  })
})

describe('faults', () => {
  it('throughput 130429 and pair rate 131056, with the HTTP status asked for', async () => {
    const to = customer()
    sim.fault({ kind: 'throughput', httpStatus: 429 })
    const throttled = await sendTemplate(to)
    expect(throttled.status).toBe(429)
    expect(throttled.json.error).toMatchObject({ code: 130429, type: 'OAuthException' })
    sim.fault({ kind: 'pair-rate', to })
    const pair = await sendTemplate(to)
    expect(pair.status).toBe(400)
    expect(pair.json.error.code).toBe(131056)
    expect((await sendTemplate(to)).status).toBe(200)
    expect(sim.accepted({ to })).toHaveLength(1)
  })

  it('131049 and 131050 strike marketing templates only', async () => {
    const to = customer()
    sim.fault({ kind: 'marketing-stopped', to })
    expect((await sendTemplate(to, 'festival_offer', ['Diwali'])).json.error.code).toBe(131050)
    expect((await sendTemplate(to)).status).toBe(200)
    sim.clearFaults()
    sim.fault({ kind: 'marketing-limited' })
    expect((await sendTemplate(to, 'festival_offer', ['Diwali'])).json.error.code).toBe(131049)
  })

  it('5xx: 500 and 503 in the Graph envelope, 502 and 504 as the edge HTML', async () => {
    const to = customer()
    for (const [status, code] of [
      [500, 131000],
      [503, 131016],
    ] as const) {
      sim.fault({ kind: 'server-error', httpStatus: status })
      const answer = await sendTemplate(to)
      expect(answer.status).toBe(status)
      expect(answer.json.error.code).toBe(code)
    }
    sim.fault({ kind: 'server-error', httpStatus: 502 })
    const edge = await sendTemplate(to)
    expect(edge.status).toBe(502)
    expect(edge.json).toBeNull()
    expect(edge.text).toContain('Bad Gateway')
    expect(sim.accepted({ to })).toHaveLength(0)
  })

  it('a lost answer: the message is accepted and recorded, the connection dropped without an answer', async () => {
    const to = customer()
    sim.fault({ kind: 'lost-answer', to })
    await expect(sendTemplate(to)).rejects.toThrow()
    expect(sim.accepted({ to })).toHaveLength(1)
    expect(sim.requests.at(-1)).toMatchObject({ status: 0, wamid: sim.accepted({ to })[0]!.wamid })
    await sim.idle()
    expect(statusesOf(sim.accepted({ to })[0]!.wamid)).toEqual(['sent', 'delivered', 'read'])
    expect((await sendTemplate(to)).status).toBe(200)
  })

  it('a slow answer, with the message accepted or not', async () => {
    const to = customer()
    sim.fault({ kind: 'slow', ms: 150, accept: true })
    const started = Date.now()
    expect((await sendTemplate(to)).status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    sim.fault({ kind: 'slow', ms: 50 })
    const late = await sendTemplate(to)
    expect(late.status).toBe(504)
    expect(sim.accepted({ to })).toHaveLength(1)
  })

  it('any Graph code on demand, now or later in a failed webhook', async () => {
    const to = customer()
    sim.fault({ kind: 'error', code: 131042, template: 'order_cancelled' })
    expect((await sendTemplate(to)).json.error).toMatchObject({
      code: 131042,
      error_data: { messaging_product: 'whatsapp' },
    })
    sim.fault({ kind: 'error', code: 131049, async: true })
    const later = await sendTemplate(to)
    expect(later.status).toBe(200)
    await sim.idle()
    const failed = received
      .flatMap((hook) => readWhatsAppWebhook(hook.json).statuses)
      .find((status) => status.wamid === later.json.messages[0].id)
    expect(failed).toMatchObject({ status: 'failed', error: { code: 131049 } })
  })

  it('the automatic pair-rate and throughput checks, when configured', async () => {
    const to = customer()
    sim.configure({ pairRateWindowMs: 100 })
    expect((await sendTemplate(to)).status).toBe(200)
    expect((await sendTemplate(to)).json.error.code).toBe(131056)
    expect((await sendTemplate(customer())).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect((await sendTemplate(to)).status).toBe(200)
    sim.configure({ pairRateWindowMs: 0, throughputPerSecond: 2 })
    // The last second already saw two acceptances.
    expect((await sendTemplate(customer())).json.error.code).toBe(130429)
  })
})

describe('webhook misbehaviour', () => {
  it('the same notification twice, and twice at once', async () => {
    for (const delivery of ['twice', 'concurrent'] as const) {
      received.length = 0
      const to = customer()
      sim.script(to, { outcome: 'sent', delivery })
      const wamid = (await sendTemplate(to)).json.messages[0].id
      await sim.idle()
      expect(statusesOf(wamid)).toEqual(['sent', 'sent'])
      expect(received[0]!.raw.equals(received[1]!.raw)).toBe(true)
    }
  })

  it("all of a message's statuses in one POST, and a batch of several entries with statuses and messages", async () => {
    const to = customer()
    sim.script(to, { outcome: 'delivered-read', delivery: 'batch' })
    const wamid = (await sendTemplate(to)).json.messages[0].id
    await sim.idle()
    expect(received).toHaveLength(1)
    expect(statusesOf(wamid)).toEqual(['sent', 'delivered', 'read'])
    received.length = 0
    const other = customer()
    const status = await sim.sendBatch(
      [
        { kind: 'status', wamid, status: 'read' },
        { kind: 'status', wamid: 'wamid.UNKNOWN', status: 'delivered', recipientId: other },
        { kind: 'inbound', from: other, text: 'STOP' },
        { kind: 'status', wamid, status: 'delivered' },
      ],
      { entries: 2 },
    )
    expect(status).toBe(200)
    expect(received[0]!.json.entry).toHaveLength(2)
    const read = readWhatsAppWebhook(received[0]!.json)
    expect(read.statuses.map((s) => `${s.wamid === wamid ? 'mine' : s.wamid}:${s.status}`)).toEqual([
      'mine:read',
      'wamid.UNKNOWN:delivered',
      'mine:delivered',
    ])
    expect(read.inbound).toMatchObject([{ from: other, text: 'STOP' }])
  })

  it('a status for an unknown wamid, and out of order by hand', async () => {
    const statuses = await sim.sendStatus({ wamid: 'wamid.NOT-OURS', status: 'delivered', callbackData: 'x' })
    expect(statuses).toEqual([200])
    expect(readWhatsAppWebhook(received[0]!.json).statuses[0]).toMatchObject({
      wamid: 'wamid.NOT-OURS',
      callbackData: 'x',
    })
  })

  it('a bad, a malformed or no signature is refused by the shop', async () => {
    const to = customer()
    sim.script(to, { outcome: 'sent', delivery: 'bad-signature' })
    await sendTemplate(to)
    await sim.idle()
    expect(received.at(-1)?.signed).toBe(false)
    expect(sim.webhooks.at(-1)).toMatchObject({ signature: 'wrong', status: 401 })
    expect((await sim.sendInbound({ from: to, text: 'hi', signature: 'none' })).statuses).toEqual([401])
    expect(received.at(-1)?.headers['x-hub-signature-256']).toBeUndefined()
    expect((await sim.sendInbound({ from: to, text: 'hi', signature: 'malformed' })).statuses).toEqual([401])
  })

  it('writes Hindi and emoji as \\uXXXX escapes and signs those exact bytes', async () => {
    const to = customer()
    const { statuses } = await sim.sendInbound({ from: to, text: 'बंद 🙏', name: 'प्रिया' })
    expect(statuses).toEqual([200])
    const hook = received.at(-1)!
    const text = hook.raw.toString('utf8')
    expect(text).toContain('"body":"\\u092c\\u0902\\u0926 \\ud83d\\ude4f"')
    expect(text).toContain('"name":"\\u092a\\u094d\\u0930\\u093f\\u092f\\u093e"')
    expect([...text].every((character) => character.charCodeAt(0) < 0x80)).toBe(true)
    expect(hook.signed).toBe(true)
    expect(readWhatsAppWebhook(hook.json).inbound[0]).toMatchObject({ from: to, text: 'बंद 🙏', profileName: 'प्रिया' })
    expect(metaJson({ a: 'é' })).toBe('{"a":"\\u00e9"}')
  })

  it('replays a webhook byte for byte, twice at once', async () => {
    await sim.sendInbound({ from: customer(), text: 'Hi' })
    const original = received.at(-1)!.raw
    expect(await sim.replayWebhook(undefined, { times: 2, concurrent: true })).toEqual([200, 200])
    expect(received.slice(-2).every((hook) => hook.raw.equals(original))).toBe(true)
  })

  it('retries a webhook the shop did not take, when configured', async () => {
    sim.configure({ webhookAttempts: 3, webhookRetryMs: 5 })
    try {
      const status = await sim.sendWebhook('{"object":"whatsapp_business_account","entry":[]}', { signature: 'wrong' })
      expect(status).toBe(401)
      expect(sim.webhooks.at(-1)?.attempts).toBe(3)
    } finally {
      sim.configure({ webhookAttempts: 1 })
    }
  })
})

describe('the handshake', () => {
  it("is sent as Meta sends it, and returns the shop's answer", async () => {
    expect(await sim.handshake({ verifyToken: VERIFY_TOKEN, challenge: '1158201444' })).toEqual({
      status: 200,
      body: '1158201444',
    })
    expect((await sim.handshake({ verifyToken: 'wrong' })).status).toBe(403)
    expect((await sim.handshake({ verifyToken: VERIFY_TOKEN, mode: 'unsubscribe' })).status).toBe(403)
  })
})

describe('the control API', () => {
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${sim.url}/__sim/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, json: text ? JSON.parse(text) : null }
  }

  it('sets faults and scripts, sends inbound messages and handshakes, and lists what happened', async () => {
    const to = customer()
    expect((await control('POST', 'fault', { kind: 'pair-rate', to, httpStatus: 403 })).status).toBe(204)
    expect((await sendTemplate(to)).status).toBe(403)
    expect((await control('POST', 'script', { to, outcome: 'read-only' })).status).toBe(204)
    const wamid = (await sendTemplate(to)).json.messages[0].id
    await control('POST', 'idle')
    expect(statusesOf(wamid)).toEqual(['sent', 'read'])
    const listed = await control('GET', `messages?to=${to}`)
    expect(listed.json).toHaveLength(1)
    expect(listed.json[0]).toMatchObject({ wamid, template: 'order_cancelled', params: CANCELLED })
    const inbound = await control('POST', 'inbound', { from: to, text: 'STOP' })
    expect(inbound.json).toMatchObject({ id: expect.stringMatching(/^wamid\./), statuses: [200] })
    expect((await control('POST', 'status', { wamid, status: 'delivered', delivery: 'twice' })).json).toEqual({
      statuses: [200, 200],
    })
    expect((await control('POST', 'webhooks/replay', {})).json).toEqual({ statuses: [200] })
    expect((await control('POST', 'handshake', { verifyToken: VERIFY_TOKEN, challenge: '77' })).json).toEqual({
      status: 200,
      body: '77',
    })
    expect((await control('GET', 'requests')).json.at(-1)).toMatchObject({ path: `${PHONE_ID}/messages`, status: 200 })
    expect((await control('DELETE', 'fault')).status).toBe(204)
    expect((await control('DELETE', 'script')).status).toBe(204)
  })

  it('refuses a body it does not understand', async () => {
    expect((await control('POST', 'fault', { kind: 'meteor' })).status).toBe(400)
    expect((await control('POST', 'fault', { kind: 'slow' })).status).toBe(400)
    expect((await control('POST', 'script', { to: '91', outcome: 'maybe' })).status).toBe(400)
    expect((await control('POST', 'settings', { pairRateWindowMs: -1 })).status).toBe(400)
    expect((await control('GET', 'nothing')).status).toBe(404)
  })

  it('changes settings and templates, renews the token, and resets', async () => {
    expect((await control('POST', 'settings', { pairRateWindowMs: 6000 })).json.pairRateWindowMs).toBe(6000)
    sim.configure({ pairRateWindowMs: 0 })
    expect((await control('POST', 'templates', { name: 'order_placed', status: 'DISABLED' })).status).toBe(204)
    expect((await sendTemplate(customer(), 'order_placed', ['a', 'b', 'c', 'd'])).json.error.code).toBe(132016)
    sim.setTemplateStatus('order_placed', 'APPROVED')
    expect((await control('POST', 'token', { accessToken: 'EAA-new' })).status).toBe(204)
    expect((await sendTemplate(customer())).status).toBe(401)
    sim.setAccessToken(TOKEN)
    await sim.idle()
    expect((await control('POST', 'reset')).status).toBe(204)
    expect(sim.requests).toHaveLength(0)
    expect(sim.messages).toHaveLength(0)
  })
})
