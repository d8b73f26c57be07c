// The WhatsApp adapter against the local simulator, which speaks the Cloud API over HTTP
// (reference/whatsapp.md): what a send puts on the wire, and every fault the reference lists with the
// action the outbox takes on it, decided on Meta's code. No error, whatever its path, carries the token.
import { inspect } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startWhatsAppSimulator, type WhatsAppSimulator } from '#server/whatsapp-simulator.ts'
import { freePort } from '../../tests/server-process.ts'
import {
  classifyWhatsAppCode,
  createWhatsAppClient,
  type WhatsAppClientOptions,
  WhatsAppSendError,
} from './graph-api.server.ts'
import { TemplateParamsError, templateMessage } from './templates.ts'

const TOKEN = 'EAAGm0PX4ZCpsBO-secret-system-user-token-7f3k9q'
const ACCOUNT = { accessToken: TOKEN, appSecret: 'app-secret', phoneNumberId: '106540352242922', graphVersion: 'v23.0' }
const CANCELLED = ['Priya', '4F2A9C1E', '+91 73140 00000']
let sim: WhatsAppSimulator
let counter = 0

beforeAll(async () => {
  sim = await startWhatsAppSimulator({ ...ACCOUNT, webhookDelayMs: 0, statusGapMs: 0 })
})
afterAll(async () => {
  await sim?.close()
})
afterEach(async () => {
  await sim.idle()
  sim.clearFaults()
  sim.clearScripts()
})

function client(overrides: Partial<WhatsAppClientOptions> = {}) {
  return createWhatsAppClient({
    accessToken: TOKEN,
    phoneNumberId: ACCOUNT.phoneNumberId,
    graphVersion: 'v23.0',
    baseUrl: sim.url,
    timeoutMs: 2000,
    ...overrides,
  })
}

/** A fresh customer per test: no shared window or pair rate. */
function customer() {
  counter++
  return `+91987650${String(1000 + counter).padStart(4, '0')}`
}

const cancelled = (to = customer()) =>
  client().sendTemplate({ to, template: 'order_cancelled', locale: 'en', params: CANCELLED })

/** The failure of `promise`, checked to carry the token nowhere: message, details, stack, fields, inspection. */
async function failureOf(promise: Promise<unknown>, secrets: string[] = [TOKEN]): Promise<WhatsAppSendError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(WhatsAppSendError)
  const failure = error as WhatsAppSendError
  for (const secret of secrets) {
    for (const text of [
      failure.message,
      failure.details,
      failure.stack ?? '',
      JSON.stringify(failure),
      inspect(failure),
    ]) {
      expect(text).not.toContain(secret)
    }
  }
  return failure
}

describe('sending a template', () => {
  it('posts the template with the digits of the number and the callback data, and answers the wamid', async () => {
    const to = customer()
    const sent = await client().sendTemplate({
      to,
      template: 'order_shipped',
      locale: 'hi',
      params: ['प्रिया', '4F2A9C1E', 'Delhivery', '19041424751540', 'https://dl.example/t/19041424751540'],
      callbackData: 'order:4F2A9C1E;event:shipped',
    })
    expect(sent).toEqual({ wamid: expect.stringMatching(/^wamid\./), messageStatus: 'accepted' })
    const request = sim.requests.find((entry) => entry.wamid === sent.wamid)!
    expect(request).toMatchObject({ auth: 'right', path: '106540352242922/messages', version: 'v23.0' })
    expect(request.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: to.slice(1),
      type: 'template',
      template: templateMessage('order_shipped', 'hi', [
        'प्रिया',
        '4F2A9C1E',
        'Delhivery',
        '19041424751540',
        'https://dl.example/t/19041424751540',
      ]),
      biz_opaque_callback_data: 'order:4F2A9C1E;event:shipped',
    })
    expect(sim.accepted({ to, template: 'order_shipped', language: 'hi' })).toHaveLength(1)
    await sim.idle()
    expect(sim.message(sent.wamid)?.statuses.map((s) => s.status)).toEqual(['sent', 'delivered', 'read'])
  })

  it('sends the delivery OTP with the code in the body and the copy-code button', async () => {
    const to = customer()
    const sent = await client().sendTemplate({ to, template: 'delivery_otp', locale: 'en', params: ['482913'] })
    expect(sim.message(sent.wamid)).toMatchObject({ params: ['482913'], buttonParams: ['482913'] })
  })

  it('refuses parameters Meta would refuse before sending anything', async () => {
    const before = sim.requests.length
    await expect(
      client().sendTemplate({
        to: customer(),
        template: 'order_cancelled',
        locale: 'en',
        params: ['Priya', '4F2A9C1E'],
      }),
    ).rejects.toBeInstanceOf(TemplateParamsError)
    await expect(
      client().sendTemplate({
        to: customer(),
        template: 'order_cancelled',
        locale: 'en',
        params: ['Priya\n', 'a', 'b'],
      }),
    ).rejects.toBeInstanceOf(TemplateParamsError)
    expect(sim.requests.length).toBe(before)
  })

  it('refuses a number not in international form and callback data over 512 bytes, before sending', async () => {
    const before = sim.requests.length
    for (const to of ['98765 43210', '+91-98765-43210', '']) {
      const error = await failureOf(
        client().sendTemplate({ to, template: 'order_cancelled', locale: 'en', params: CANCELLED }),
      )
      expect(error).toMatchObject({ action: 'permanent', code: null, httpStatus: 0 })
    }
    const error = await failureOf(
      client().sendTemplate({
        to: customer(),
        template: 'order_cancelled',
        locale: 'en',
        params: CANCELLED,
        callbackData: 'ओ'.repeat(171),
      }),
    )
    expect(error.action).toBe('permanent')
    expect(sim.requests.length).toBe(before)
    await expect(
      client().sendTemplate({
        to: customer(),
        template: 'order_cancelled',
        locale: 'en',
        params: CANCELLED,
        callbackData: 'ओ'.repeat(170),
      }),
    ).resolves.toMatchObject({ messageStatus: 'accepted' })
  })
})

describe('free-form text', () => {
  it('goes inside the window an inbound message opened, and falls back outside it (131047)', async () => {
    const to = customer()
    const outside = await failureOf(client().sendText({ to, text: 'Your parcel is at the gate' }))
    expect(outside).toMatchObject({ code: 131047, httpStatus: 400, action: 'fallback', lostAnswer: false })
    expect(outside.details).toMatch(/24 hours/)
    await sim.sendInbound({ from: to, text: 'STOP' })
    await expect(client().sendText({ to, text: 'You will get no more WhatsApp updates.' })).resolves.toMatchObject({
      wamid: expect.stringMatching(/^wamid\./),
    })
  })
})

describe('failures and what the outbox does with them', () => {
  it('an expired token (190, HTTP 401): token, and the token is in no error', async () => {
    sim.fault({ kind: 'expired-token' })
    const error = await failureOf(cancelled())
    expect(error).toMatchObject({ code: 190, subcode: 463, httpStatus: 401, action: 'token', lostAnswer: false })
    expect(error.message).toMatch(/^WhatsApp refused the message \(code 190\): Error validating access token/)
  })

  it('an unknown token (190): token, and that token is in no error either', async () => {
    const wrong = 'EAA-pasted-wrongly-0000000000'
    const error = await failureOf(
      client({ accessToken: wrong }).sendTemplate({
        to: customer(),
        template: 'order_cancelled',
        locale: 'en',
        params: CANCELLED,
      }),
      [wrong, TOKEN],
    )
    expect(error).toMatchObject({ code: 190, httpStatus: 401, action: 'token' })
  })

  it('a Graph text that echoes the token is scrubbed', async () => {
    sim.fault({ kind: 'error', code: 100, message: `Invalid parameter near ${TOKEN}`, details: `got ${TOKEN} in to` })
    const error = await failureOf(cancelled())
    expect(error.message).toContain('[token]')
    expect(error.details).toBe('got [token] in to')
    expect(error.action).toBe('permanent')
  })

  it.each([429, 400, 403])('throughput 130429 over HTTP %i: retry', async (httpStatus) => {
    sim.fault({ kind: 'throughput', httpStatus })
    const error = await failureOf(cancelled())
    expect(error).toMatchObject({ code: 130429, httpStatus, action: 'retry' })
  })

  it('pair rate 131056: pair-rate, by fault and by the automatic check', async () => {
    sim.fault({ kind: 'pair-rate', httpStatus: 429 })
    expect(await failureOf(cancelled())).toMatchObject({ code: 131056, httpStatus: 429, action: 'pair-rate' })
    sim.configure({ pairRateWindowMs: 6000 })
    try {
      const to = customer()
      await cancelled(to)
      expect(await failureOf(cancelled(to))).toMatchObject({ code: 131056, action: 'pair-rate' })
    } finally {
      sim.configure({ pairRateWindowMs: 0 })
    }
  })

  it.each([
    [500, 131000],
    [503, 131016],
    [502, null],
    [504, null],
  ])('a %i (code %s): retry', async (httpStatus, code) => {
    sim.fault({ kind: 'server-error', httpStatus: httpStatus as 500 })
    const error = await failureOf(cancelled())
    expect(error).toMatchObject({ code, httpStatus, action: 'retry', lostAnswer: false })
  })

  it('a slow answer past the timeout: retry, and the answer counts as lost (the message was accepted)', async () => {
    const to = customer()
    sim.fault({ kind: 'slow', ms: 1000, accept: true })
    const started = Date.now()
    const error = await failureOf(
      client({ timeoutMs: 100 }).sendTemplate({ to, template: 'order_cancelled', locale: 'en', params: CANCELLED }),
    )
    expect(Date.now() - started).toBeLessThan(900)
    expect(error).toMatchObject({ code: null, httpStatus: 0, action: 'retry', lostAnswer: true })
    expect(error.message).toBe('WhatsApp did not answer within 0.1 s')
    expect(sim.accepted({ to })).toHaveLength(1)
  })

  it('a connection dropped after the message was accepted: retry, answer lost', async () => {
    const to = customer()
    sim.fault({ kind: 'lost-answer' })
    const error = await failureOf(cancelled(to))
    expect(error).toMatchObject({ code: null, httpStatus: 0, action: 'retry', lostAnswer: true })
    expect(sim.accepted({ to })).toHaveLength(1)
  })

  it('nothing listening: retry, and the message surely not sent', async () => {
    const closed = await freePort()
    const error = await failureOf(
      client({ baseUrl: `http://127.0.0.1:${closed}` }).sendText({ to: customer(), text: 'x' }),
    )
    expect(error).toMatchObject({ code: null, httpStatus: 0, action: 'retry', lostAnswer: false })
    expect(error.details).toBe('not sent (ECONNREFUSED)')
  })

  it('a template not approved in that language (132001): permanent', async () => {
    sim.setTemplateStatus('order_refunded', 'PENDING', 'hi')
    try {
      const error = await failureOf(
        client().sendTemplate({ to: customer(), template: 'order_refunded', locale: 'hi', params: ['a', 'b', 'c'] }),
      )
      expect(error).toMatchObject({ code: 132001, httpStatus: 400, action: 'permanent' })
    } finally {
      sim.setTemplateStatus('order_refunded', 'APPROVED')
    }
  })

  it('a template approved with another variable count (132000): permanent', async () => {
    const other = await startWhatsAppSimulator({
      ...ACCOUNT,
      templates: [{ name: 'order_cancelled', language: 'en', category: 'UTILITY', body: 4 }],
    })
    try {
      const error = await failureOf(
        client({ baseUrl: other.url }).sendTemplate({
          to: customer(),
          template: 'order_cancelled',
          locale: 'en',
          params: CANCELLED,
        }),
      )
      expect(error).toMatchObject({ code: 132000, action: 'permanent' })
      expect(error.details).toBe(
        'body: number of localizable_params (3) does not match the expected number of params (4)',
      )
    } finally {
      await other.close()
    }
  })

  it('a paused (132015) or disabled (132016) template: fallback', async () => {
    sim.fault({ kind: 'template-paused', template: 'order_cancelled' })
    expect(await failureOf(cancelled())).toMatchObject({ code: 132015, action: 'fallback' })
    sim.setTemplateStatus('order_cancelled', 'DISABLED', 'en')
    try {
      expect(await failureOf(cancelled())).toMatchObject({ code: 132016, action: 'fallback' })
    } finally {
      sim.setTemplateStatus('order_cancelled', 'APPROVED')
    }
  })

  it.each([
    [131026, 'fallback'],
    [131049, 'permanent'],
    [131050, 'permanent'],
    [131048, 'permanent'],
    [131031, 'permanent'],
    [368, 'permanent'],
    [131000, 'retry'],
    [4, 'retry'],
    [80007, 'retry'],
    [131009, 'permanent'],
  ] as const)('Graph code %i answered: %s', async (code, action) => {
    sim.fault({ kind: 'error', code })
    expect(await failureOf(cancelled())).toMatchObject({ code, httpStatus: 400, action, lostAnswer: false })
  })

  it('undeliverable later (131026 in a failed webhook) is not a send error: the send is accepted', async () => {
    const to = customer()
    sim.script(to, { outcome: 'undeliverable' })
    const sent = await cancelled(to)
    await sim.idle()
    expect(sim.message(sent.wamid)?.statuses).toEqual([{ status: 'failed', errorCode: 131026, at: expect.any(Date) }])
  })
})

describe('classifyWhatsAppCode', () => {
  it.each([
    [190, 401, 'token'],
    [190, 400, 'token'],
    [131056, 400, 'pair-rate'],
    [130429, 429, 'retry'],
    [131000, 500, 'retry'],
    [131016, 503, 'retry'],
    [4, 400, 'retry'],
    [80007, 400, 'retry'],
    [131026, 400, 'fallback'],
    [132015, 400, 'fallback'],
    [132016, 400, 'fallback'],
    [131047, 400, 'fallback'],
    [132000, 400, 'permanent'],
    [132001, 400, 'permanent'],
    [132005, 400, 'permanent'],
    [132007, 400, 'permanent'],
    [132012, 400, 'permanent'],
    [132018, 400, 'permanent'],
    [131008, 400, 'permanent'],
    [131009, 400, 'permanent'],
    [131051, 400, 'permanent'],
    [0, 400, 'permanent'],
    [3, 400, 'permanent'],
    [10, 403, 'permanent'],
    [200, 403, 'permanent'],
    [299, 403, 'permanent'],
    [10, 500, 'permanent'],
    [368, 400, 'permanent'],
    [131031, 400, 'permanent'],
    [131048, 400, 'permanent'],
    [131042, 400, 'permanent'],
    [131030, 400, 'permanent'],
    [131049, 400, 'permanent'],
    [131050, 400, 'permanent'],
    [100, 400, 'permanent'],
    [999_999, 400, 'permanent'],
    [999_999, 500, 'retry'],
    [131009, 500, 'permanent'],
    [132001, 503, 'permanent'],
    [1, 500, 'retry'],
    [2, 503, 'retry'],
    [null, 0, 'retry'],
    [null, 500, 'retry'],
    [null, 502, 'retry'],
    [null, 429, 'retry'],
    [null, 401, 'token'],
    [null, 400, 'permanent'],
    [null, 404, 'permanent'],
  ] as const)('code %s over HTTP %i: %s', (code, httpStatus, action) => {
    expect(classifyWhatsAppCode(code, httpStatus)).toBe(action)
  })
})
