// PhonePe Standard Checkout v2 (reference/phonepe.md): OAuth token (cached, refreshed at half-life,
// refreshed once on a 401), create payment, order status, refund, refund status, and the webhook's
// Authorization check. Retries 429, 5xx and network errors with backoff; never a 4xx.
// The base URL is configuration, so the local simulator stands in for PhonePe in development and tests.
import { createHash, timingSafeEqual } from 'node:crypto'

export const PHONEPE_HOSTS = {
  production: { pg: 'https://api.phonepe.com/apis/pg', oauth: 'https://api.phonepe.com/apis/identity-manager' },
  sandbox: {
    pg: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
    oauth: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
  },
} as const

export type PaymentState = 'PENDING' | 'COMPLETED' | 'FAILED'

/**
 * A payment or refund that PhonePe has never heard of this long after it was asked for never reached
 * it (the request failed, or the server stopped before sending it), so it can be closed as failed.
 */
export const UNKNOWN_TO_GATEWAY_AFTER_MS = 2 * 60 * 1000

export interface PhonePeOptions {
  clientId: string
  clientSecret: string
  clientVersion: number
  /** The payment API's base URL; the token endpoint lives under `oauthBaseUrl` (the same for the simulator). */
  baseUrl: string
  oauthBaseUrl?: string
  /** Attempts for a retryable failure (429, 5xx, network), the first included. */
  maxAttempts?: number
  /** Backoff before retry n (1-based): 250 ms doubling, unless the test makes it instant. */
  backoffMs?: (retry: number) => number
  fetch?: typeof fetch
  now?: () => number
}

/** A failure from PhonePe: `status` 0 for a network error; `retryable` as PhonePe's guidance says. */
export class PhonePeError extends Error {
  readonly status: number
  readonly code: string
  readonly retryable: boolean
  constructor(message: string, status: number, code: string) {
    super(message)
    this.name = 'PhonePeError'
    this.status = status
    this.code = code
    this.retryable = status === 0 || status === 429 || status >= 500
  }
}

export interface CreatedPayment {
  /** PhonePe's id (OMO...). */
  orderId: string
  state: PaymentState
  /** Epoch milliseconds. */
  expireAt: number
  redirectUrl: string
}

export interface PaymentStatus {
  orderId: string
  state: PaymentState
  amount: number
  expireAt?: number
  errorCode?: string
  paymentDetails?: { transactionId: string; paymentMode?: string; amount: number; state: string; timestamp?: number }[]
}

export interface RefundResult {
  refundId: string
  amount: number
  state: 'PENDING' | 'CONFIRMED' | 'COMPLETED' | 'FAILED'
}

interface Token {
  value: string
  /** Epoch ms after which a new token is fetched (half its life). */
  refreshAt: number
}

export type PhonePe = ReturnType<typeof createPhonePe>

export function createPhonePe(options: PhonePeOptions) {
  const fetcher = options.fetch ?? fetch
  const now = options.now ?? Date.now
  const maxAttempts = options.maxAttempts ?? 4
  const backoff = options.backoffMs ?? ((retry: number) => 250 * 2 ** (retry - 1))
  const pgBase = options.baseUrl.replace(/\/$/, '')
  const oauthBase = (options.oauthBaseUrl ?? options.baseUrl).replace(/\/$/, '')
  let token: Token | null = null
  let pendingToken: Promise<Token> | null = null

  /** One HTTP exchange, retried while PhonePe says it may be (429, 5xx, network). */
  async function send(url: string, init: () => RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let response: Response
      try {
        response = await fetcher(url, { ...init(), signal: AbortSignal.timeout(10_000) })
      } catch (error) {
        if (attempt >= maxAttempts) {
          throw new PhonePeError(`PhonePe could not be reached: ${(error as Error).message}`, 0, 'NETWORK')
        }
        await sleep(backoff(attempt))
        continue
      }
      if ((response.status === 429 || response.status >= 500) && attempt < maxAttempts) {
        await response.body?.cancel()
        await sleep(backoff(attempt))
        continue
      }
      return response
    }
  }

  async function fetchToken(): Promise<Token> {
    const body = new URLSearchParams({
      client_id: options.clientId,
      client_version: String(options.clientVersion),
      client_secret: options.clientSecret,
      grant_type: 'client_credentials',
    })
    const response = await send(`${oauthBase}/v1/oauth/token`, () => ({
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
    }))
    const json = await readJson(response)
    if (!response.ok) throw failure(response.status, json, 'PhonePe refused the credentials')
    const { access_token, issued_at, expires_at } = json as {
      access_token?: string
      issued_at?: number
      expires_at?: number
    }
    if (!access_token || !expires_at)
      throw new PhonePeError('PhonePe sent no usable token', response.status, 'BAD_TOKEN')
    const issued = (issued_at ?? now() / 1000) * 1000
    return { value: access_token, refreshAt: issued + (expires_at * 1000 - issued) / 2 }
  }

  /** The cached token, fetched again at half-life; concurrent callers share one fetch. */
  async function accessToken(force = false): Promise<string> {
    if (!force && token && now() < token.refreshAt) return token.value
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null
    })
    token = await pendingToken
    return token.value
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    for (let refreshed = false; ; refreshed = true) {
      const value = await accessToken(refreshed)
      const response = await send(`${pgBase}${path}`, () => ({
        method,
        headers: {
          Authorization: `O-Bearer ${value}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }))
      const json = await readJson(response)
      if (response.status === 401 && !refreshed) continue
      if (!response.ok) throw failure(response.status, json, `PhonePe answered ${response.status} to ${method} ${path}`)
      return json as T
    }
  }

  return {
    /** Starts a payment; the shopper's browser goes to `redirectUrl` of the answer. */
    createPayment(input: {
      merchantOrderId: string
      amount: number
      redirectUrl: string
      expireAfterSeconds?: number
    }) {
      return call<CreatedPayment>('POST', '/checkout/v2/pay', {
        merchantOrderId: input.merchantOrderId,
        amount: input.amount,
        expireAfter: input.expireAfterSeconds,
        paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: { redirectUrl: input.redirectUrl } },
      })
    },
    orderStatus(merchantOrderId: string) {
      return call<PaymentStatus>(
        'GET',
        `/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status?details=false`,
      )
    },
    refund(input: { merchantRefundId: string; originalMerchantOrderId: string; amount: number }) {
      return call<RefundResult>('POST', '/payments/v2/refund', input)
    },
    refundStatus(merchantRefundId: string) {
      return call<RefundResult>('GET', `/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`)
    },
  }
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return text ? JSON.parse(text) : {}
  } catch {
    return { message: text.slice(0, 200) }
  }
}

function failure(status: number, json: unknown, fallback: string): PhonePeError {
  const { code, message } = (json ?? {}) as { code?: string; message?: string }
  return new PhonePeError(message || fallback, status, code || `HTTP_${status}`)
}

/** The Authorization header PhonePe sends with a webhook: sha256hex(username + ':' + password). */
export function webhookAuthorization(username: string, password: string): string {
  return createHash('sha256').update(`${username}:${password}`).digest('hex')
}

/** Compares a webhook's Authorization header with the configured credentials, in constant time. */
export function isAuthenticWebhook(header: string | null | undefined, username: string, password: string): boolean {
  if (!header) return false
  const expected = Buffer.from(webhookAuthorization(username, password))
  const given = Buffer.from(header.trim().toLowerCase())
  return given.length === expected.length && timingSafeEqual(given, expected)
}
