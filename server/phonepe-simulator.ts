// A local stand-in for PhonePe Standard Checkout v2 (reference/phonepe.md), for development and tests:
// the token, pay, status and refund endpoints on a loopback port, its own state, a hosted payment page
// where a person or a test chooses success, failure or leave-pending, then the redirect back to the shop
// and the signed webhook. It can misbehave on purpose (see Misbehaviour) so tests can prove the shop
// survives a lost, repeated, reordered or wrong webhook and a flaky API.
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { webhookAuthorization } from '#app/payments/phonepe.server.ts'

export interface SimulatorOptions {
  clientId: string
  clientSecret: string
  /** Where webhooks go, and the credentials that sign them (PhonePe's dashboard settings). */
  webhook?: { url: string; username: string; password: string }
  merchantId?: string
  tokenLifetimeSeconds?: number
  port?: number
}

export interface Misbehaviour {
  /** Answer the next `times` API calls (token included, pages excluded) with this HTTP status. */
  failNext?: { status: number; times: number }
  /** What happens to the webhook after the payment page: sent normally, dropped, twice, late, or
   * followed by a stale 'failed' for the same order (out of order). */
  webhook?: 'normal' | 'drop' | 'twice' | 'delay' | 'failed-after-paid'
  webhookDelayMs?: number
  /** Added to the amount the status API and the webhook report. */
  amountDelta?: number
}

/** Misbehaviour for one payment only (decide's third argument), over the simulator-wide one. */
export type PaymentFault = Pick<Misbehaviour, 'webhook' | 'webhookDelayMs' | 'amountDelta'>

interface SimOrder {
  orderId: string
  merchantOrderId: string
  amount: number
  state: 'PENDING' | 'COMPLETED' | 'FAILED'
  expireAt: number
  merchantRedirectUrl: string
  transactionId: string | null
  errorCode?: string
  fault?: PaymentFault
}

interface SimRefund {
  refundId: string
  merchantRefundId: string
  originalMerchantOrderId: string
  amount: number
  state: 'PENDING' | 'CONFIRMED' | 'COMPLETED' | 'FAILED'
}

export type Outcome = 'success' | 'failure' | 'pending'

const MERCHANT_ID = /^[A-Za-z0-9_-]{1,63}$/

export async function startPhonePeSimulator(options: SimulatorOptions) {
  const merchantId = options.merchantId ?? 'SIMULATEDMERCHANT'
  const tokens = new Set<string>()
  const orders = new Map<string, SimOrder>()
  const refunds = new Map<string, SimRefund>()
  const apiCalls: string[] = []
  let tokensIssued = 0
  let misbehaviour: Misbehaviour = {}
  let baseUrl = ''

  const app = new Hono()
  const error = (status: number, code: string, message: string) =>
    new Response(JSON.stringify({ code, message }), { status, headers: { 'Content-Type': 'application/json' } })

  // Every API call is counted and may be made to fail on purpose.
  app.use('/v1/*', countAndFail)
  app.use('/checkout/*', countAndFail)
  app.use('/payments/*', countAndFail)
  async function countAndFail(c: { req: { method: string; path: string } }, next: () => Promise<void>) {
    apiCalls.push(`${c.req.method} ${c.req.path}`)
    const fail = misbehaviour.failNext
    if (fail && fail.times > 0) {
      fail.times--
      return error(
        fail.status,
        fail.status === 429 ? 'TOO_MANY_REQUESTS' : 'INTERNAL_SERVER_ERROR',
        'Simulated failure',
      )
    }
    await next()
  }
  const authorised = (header: string | undefined) => {
    const [scheme, value] = (header ?? '').split(' ')
    return scheme === 'O-Bearer' && value !== undefined && tokens.has(value)
  }
  for (const prefix of ['/checkout/*', '/payments/*']) {
    app.use(prefix, async (c, next) => {
      if (!authorised(c.req.header('authorization'))) return error(401, 'UNAUTHORIZED', 'Invalid or expired token')
      await next()
    })
  }

  app.post('/v1/oauth/token', async (c) => {
    const form = await c.req.parseBody()
    if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret) {
      return error(401, 'INVALID_CLIENT', 'Client authentication failed')
    }
    if (form.grant_type !== 'client_credentials')
      return error(400, 'BAD_REQUEST', 'grant_type must be client_credentials')
    const value = randomBytes(24).toString('base64url')
    tokens.add(value)
    tokensIssued++
    const issuedAt = Math.floor(Date.now() / 1000)
    const expiresAt = issuedAt + (options.tokenLifetimeSeconds ?? 3600)
    return c.json({
      access_token: value,
      encrypted_access_token: value,
      expires_in: null,
      issued_at: issuedAt,
      expires_at: expiresAt,
      session_expires_at: expiresAt,
      token_type: 'O-Bearer',
    })
  })

  app.post('/checkout/v2/pay', async (c) => {
    const body = (await c.req.json().catch(() => null)) as {
      merchantOrderId?: unknown
      amount?: unknown
      expireAfter?: unknown
      paymentFlow?: { type?: unknown; merchantUrls?: { redirectUrl?: unknown } }
    } | null
    const merchantOrderId = body?.merchantOrderId
    const amount = body?.amount
    const redirectUrl = body?.paymentFlow?.merchantUrls?.redirectUrl
    if (typeof merchantOrderId !== 'string' || !MERCHANT_ID.test(merchantOrderId)) {
      return error(400, 'BAD_REQUEST', 'merchantOrderId: at most 63 letters, digits, _ or -')
    }
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return error(400, 'BAD_REQUEST', 'amount: an integer of at least 100 paise')
    }
    if (body?.paymentFlow?.type !== 'PG_CHECKOUT' || typeof redirectUrl !== 'string') {
      return error(400, 'BAD_REQUEST', 'paymentFlow: PG_CHECKOUT with merchantUrls.redirectUrl')
    }
    if (orders.has(merchantOrderId)) return error(409, 'DUPLICATE_ORDER', 'merchantOrderId already used')
    const expireAfter = typeof body?.expireAfter === 'number' ? body.expireAfter : 1200
    const order: SimOrder = {
      orderId: `OMO${randomBytes(10).toString('hex').toUpperCase()}`,
      merchantOrderId,
      amount,
      state: 'PENDING',
      expireAt: Date.now() + expireAfter * 1000,
      merchantRedirectUrl: redirectUrl,
      transactionId: null,
    }
    orders.set(merchantOrderId, order)
    return c.json({
      orderId: order.orderId,
      state: order.state,
      expireAt: order.expireAt,
      redirectUrl: `${baseUrl}/pay/${encodeURIComponent(merchantOrderId)}`,
    })
  })

  app.get('/checkout/v2/order/:merchantOrderId/status', (c) => {
    const order = orders.get(c.req.param('merchantOrderId'))
    if (!order) return error(400, 'MERCHANT_ORDER_MAPPING_NOT_FOUND', 'No order for this merchantOrderId')
    expireIfDue(order)
    return c.json(statusOf(order))
  })

  app.post('/payments/v2/refund', async (c) => {
    const body = (await c.req.json().catch(() => null)) as {
      merchantRefundId?: unknown
      originalMerchantOrderId?: unknown
      amount?: unknown
    } | null
    const order =
      typeof body?.originalMerchantOrderId === 'string' ? orders.get(body.originalMerchantOrderId) : undefined
    if (typeof body?.merchantRefundId !== 'string' || !MERCHANT_ID.test(body.merchantRefundId)) {
      return error(400, 'BAD_REQUEST', 'merchantRefundId: at most 63 letters, digits, _ or -')
    }
    if (order?.state !== 'COMPLETED') return error(400, 'BAD_REQUEST', 'Only a completed order can be refunded')
    if (
      typeof body.amount !== 'number' ||
      !Number.isInteger(body.amount) ||
      body.amount < 1 ||
      body.amount > order.amount
    ) {
      return error(400, 'BAD_REQUEST', 'amount: at most the amount paid')
    }
    const existing = refunds.get(body.merchantRefundId)
    if (existing) return c.json({ refundId: existing.refundId, amount: existing.amount, state: existing.state })
    const refund: SimRefund = {
      refundId: `OMR${randomBytes(10).toString('hex').toUpperCase()}`,
      merchantRefundId: body.merchantRefundId,
      originalMerchantOrderId: order.merchantOrderId,
      amount: body.amount,
      state: 'PENDING',
    }
    refunds.set(refund.merchantRefundId, refund)
    // The bank confirms a moment later; the shop hears of it by webhook or by asking.
    setTimeout(() => {
      refund.state = 'COMPLETED'
      void deliver('pg.refund.completed', 'PG_REFUND_COMPLETED', {
        merchantId,
        merchantRefundId: refund.merchantRefundId,
        originalMerchantOrderId: refund.originalMerchantOrderId,
        refundId: refund.refundId,
        amount: refund.amount,
        state: 'COMPLETED',
      })
    }, 200)
    return c.json({ refundId: refund.refundId, amount: refund.amount, state: refund.state })
  })

  app.get('/payments/v2/refund/:merchantRefundId/status', (c) => {
    const refund = refunds.get(c.req.param('merchantRefundId'))
    if (!refund) return error(400, 'MERCHANT_REFUND_MAPPING_NOT_FOUND', 'No refund for this merchantRefundId')
    return c.json({ refundId: refund.refundId, amount: refund.amount, state: refund.state })
  })

  // Browsers ask every origin for an icon.
  app.get('/favicon.ico', (c) => c.body(null, 204))

  // The hosted payment page: a person (or a test) decides what the payment does.
  app.get('/pay/:merchantOrderId', (c) => {
    const order = orders.get(c.req.param('merchantOrderId'))
    if (!order) return c.html('<h1>Payment not found</h1>', 404)
    const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(order.amount / 100)
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PhonePe simulator</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#2d1b4e}
h1{color:#5f259f}button{display:block;width:100%;margin:.75rem 0;padding:.9rem;font-size:1rem;border-radius:.5rem;border:0;cursor:pointer}
.ok{background:#5f259f;color:#fff}.fail{background:#b42318;color:#fff}.wait{background:#eee}</style></head><body>
<h1>PhonePe simulator</h1><p>Test payment of <strong>${rupees}</strong> for order <code>${escapeHtml(order.merchantOrderId)}</code>.</p>
<p>No money moves: choose what the payment does.</p>
<form method="post"><button class="ok" name="outcome" value="success">Pay successfully</button>
<button class="fail" name="outcome" value="failure">Fail the payment</button>
<button class="wait" name="outcome" value="pending">Leave it pending</button></form></body></html>`)
  })

  app.post('/pay/:merchantOrderId', async (c) => {
    const order = orders.get(c.req.param('merchantOrderId'))
    if (!order) return c.html('<h1>Payment not found</h1>', 404)
    const form = await c.req.parseBody()
    const outcome = form.outcome
    if (outcome !== 'success' && outcome !== 'failure' && outcome !== 'pending') return c.text('Unknown outcome', 400)
    decide(order, outcome)
    return c.redirect(order.merchantRedirectUrl, 303)
  })

  function decide(order: SimOrder, outcome: Outcome, fault?: PaymentFault) {
    if (order.state !== 'PENDING') return
    if (fault) order.fault = fault
    if (outcome === 'pending') return
    order.state = outcome === 'success' ? 'COMPLETED' : 'FAILED'
    if (outcome === 'success') order.transactionId = `T${randomBytes(8).toString('hex').toUpperCase()}`
    else order.errorCode = 'PAYMENT_DECLINED'
    void announce(order)
  }

  function expireIfDue(order: SimOrder) {
    if (order.state === 'PENDING' && Date.now() > order.expireAt) {
      order.state = 'FAILED'
      order.errorCode = 'TXN_AUTO_FAILED'
    }
  }

  function statusOf(order: SimOrder) {
    const amount = order.amount + (order.fault?.amountDelta ?? misbehaviour.amountDelta ?? 0)
    return {
      orderId: order.orderId,
      state: order.state,
      amount,
      expireAt: order.expireAt,
      ...(order.errorCode ? { errorCode: order.errorCode } : {}),
      paymentDetails: order.transactionId
        ? [
            {
              transactionId: order.transactionId,
              paymentMode: 'UPI_QR',
              timestamp: Date.now(),
              amount,
              state: order.state,
            },
          ]
        : [],
    }
  }

  async function announce(order: SimOrder) {
    const { webhook: mode = 'normal', webhookDelayMs } = { ...misbehaviour, ...order.fault }
    if (mode === 'drop') return
    const send = () =>
      order.state === 'COMPLETED'
        ? deliver('checkout.order.completed', 'CHECKOUT_ORDER_COMPLETED', {
            merchantId,
            merchantOrderId: order.merchantOrderId,
            ...statusOf(order),
          })
        : deliver('checkout.order.failed', 'CHECKOUT_ORDER_FAILED', {
            merchantId,
            merchantOrderId: order.merchantOrderId,
            ...statusOf(order),
          })
    if (mode === 'delay') await new Promise((resolve) => setTimeout(resolve, webhookDelayMs ?? 2000))
    await send()
    if (mode === 'twice') await send()
    if (mode === 'failed-after-paid' && order.state === 'COMPLETED') {
      await deliver('checkout.order.failed', 'CHECKOUT_ORDER_FAILED', {
        merchantId,
        merchantOrderId: order.merchantOrderId,
        ...statusOf(order),
        state: 'FAILED',
        errorCode: 'STALE_EVENT',
      })
    }
  }

  const webhooks: { event: string; status: number; merchantOrderId: unknown; forged: boolean }[] = []
  async function deliver(event: string, type: string, payload: Record<string, unknown>, { forged = false } = {}) {
    const hook = options.webhook
    if (!hook) return
    try {
      const response = await fetch(hook.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          // A forger knows the format and the username, not the password.
          Authorization: webhookAuthorization(hook.username, forged ? `${hook.password}-guess` : hook.password),
        },
        body: JSON.stringify({ type, event, payload }),
      })
      webhooks.push({ event, status: response.status, merchantOrderId: payload.merchantOrderId, forged })
    } catch {
      webhooks.push({ event, status: 0, merchantOrderId: payload.merchantOrderId, forged })
    }
  }

  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: baseUrl,
    /** How many tokens were issued, and every API call seen ('POST /checkout/v2/pay' ...). */
    get tokensIssued() {
      return tokensIssued
    },
    apiCalls,
    webhooks,
    misbehave(next: Misbehaviour) {
      misbehaviour = next
    },
    /** Makes every issued token invalid, as an expiry on PhonePe's side would. */
    revokeTokens() {
      tokens.clear()
    },
    order(merchantOrderId: string) {
      return orders.get(merchantOrderId)
    },
    /**
     * What the hosted page's buttons do, for tests that do not drive a browser; `fault` makes this
     * payment's webhook and reported amount misbehave (see Misbehaviour).
     */
    decide(merchantOrderId: string, outcome: Outcome, fault?: PaymentFault) {
      const order = orders.get(merchantOrderId)
      if (!order) throw new Error(`no simulated order ${merchantOrderId}`)
      decide(order, outcome, fault)
    },
    /**
     * A callback PhonePe never sent: the payment reported as `state` for its full amount, signed
     * with a guessed password. Resolves once the shop has answered (see webhooks).
     */
    async forgeWebhook(merchantOrderId: string, state: 'COMPLETED' | 'FAILED' = 'COMPLETED') {
      const order = orders.get(merchantOrderId)
      if (!order) throw new Error(`no simulated order ${merchantOrderId}`)
      const completed = state === 'COMPLETED'
      await deliver(
        completed ? 'checkout.order.completed' : 'checkout.order.failed',
        completed ? 'CHECKOUT_ORDER_COMPLETED' : 'CHECKOUT_ORDER_FAILED',
        {
          merchantId,
          merchantOrderId,
          ...statusOf(order),
          state,
          paymentDetails: completed
            ? [{ transactionId: 'TFORGED', paymentMode: 'UPI_QR', timestamp: Date.now(), amount: order.amount, state }]
            : [],
        },
        { forged: true },
      )
    },
    /** Moves a pending order's expiry into the past. */
    expire(merchantOrderId: string) {
      const order = orders.get(merchantOrderId)
      if (order) order.expireAt = Date.now() - 1
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type PhonePeSimulator = Awaited<ReturnType<typeof startPhonePeSimulator>>

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
