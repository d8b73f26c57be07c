// The PhonePe adapter against the local simulator, which speaks PhonePe's protocol.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type PhonePeSimulator, startPhonePeSimulator } from '#server/phonepe-simulator.ts'
import { createPhonePe, isAuthenticWebhook, PhonePeError, webhookAuthorization } from './phonepe.server.ts'

const credentials = { clientId: 'SIMCLIENT', clientSecret: 'sim-secret', clientVersion: 1 }
let simulator: PhonePeSimulator
let orderCount = 0

beforeAll(async () => {
  simulator = await startPhonePeSimulator({ clientId: credentials.clientId, clientSecret: credentials.clientSecret })
})
afterAll(async () => {
  await simulator?.stop()
})
afterEach(() => {
  simulator.misbehave({})
  simulator.apiCalls.length = 0
})

function adapter(overrides: { now?: () => number; baseUrl?: string; maxAttempts?: number } = {}) {
  return createPhonePe({ ...credentials, baseUrl: simulator.url, backoffMs: () => 1, ...overrides })
}

const pay = (phonePe: ReturnType<typeof adapter>, amount = 25700) =>
  phonePe.createPayment({ merchantOrderId: `MN-test-${++orderCount}`, amount, redirectUrl: 'http://shop.test/back' })

describe('the PhonePe adapter', () => {
  it('creates a payment and reads its status, reusing one token for every call', async () => {
    const phonePe = adapter()
    const before = simulator.tokensIssued
    const created = await pay(phonePe)
    expect(created).toMatchObject({ state: 'PENDING', redirectUrl: `${simulator.url}/pay/MN-test-${orderCount}` })
    expect(created.orderId).toMatch(/^OMO/)
    await phonePe.orderStatus(`MN-test-${orderCount}`)
    simulator.decide(`MN-test-${orderCount}`, 'success')
    const status = await phonePe.orderStatus(`MN-test-${orderCount}`)
    expect(status).toMatchObject({ state: 'COMPLETED', amount: 25700 })
    expect(status.paymentDetails?.[0]?.transactionId).toMatch(/^T/)
    expect(simulator.tokensIssued - before).toBe(1)
  })

  it('fetches a new token at half its life, not before', async () => {
    let clock = Date.now()
    const phonePe = adapter({ now: () => clock })
    const before = simulator.tokensIssued
    await pay(phonePe)
    clock += 29 * 60_000 // the simulator's tokens live an hour
    await pay(phonePe)
    expect(simulator.tokensIssued - before).toBe(1)
    clock += 2 * 60_000
    await pay(phonePe)
    expect(simulator.tokensIssued - before).toBe(2)
  })

  it('shares one token fetch between concurrent first calls', async () => {
    const phonePe = adapter()
    const before = simulator.tokensIssued
    await Promise.all([pay(phonePe), pay(phonePe), pay(phonePe)])
    expect(simulator.tokensIssued - before).toBe(1)
  })

  it('refreshes the token once and retries once after a 401', async () => {
    const phonePe = adapter()
    await pay(phonePe)
    const before = simulator.tokensIssued
    simulator.revokeTokens()
    await expect(pay(phonePe)).resolves.toMatchObject({ state: 'PENDING' })
    expect(simulator.tokensIssued - before).toBe(1)
  })

  it.each([429, 500, 503])('retries a %i and succeeds', async (status) => {
    const phonePe = adapter()
    await pay(phonePe)
    simulator.apiCalls.length = 0
    simulator.misbehave({ failNext: { status, times: 2 } })
    await expect(pay(phonePe)).resolves.toMatchObject({ state: 'PENDING' })
    expect(simulator.apiCalls.filter((call) => call === 'POST /checkout/v2/pay')).toHaveLength(3)
  })

  it('gives up after its attempts with a retryable error', async () => {
    const phonePe = adapter({ maxAttempts: 3 })
    await pay(phonePe)
    simulator.apiCalls.length = 0
    simulator.misbehave({ failNext: { status: 503, times: 10 } })
    const failure = await pay(phonePe).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(PhonePeError)
    expect(failure).toMatchObject({ status: 503, retryable: true })
    expect(simulator.apiCalls).toHaveLength(3)
  })

  it('never retries a 4xx', async () => {
    const phonePe = adapter()
    await pay(phonePe)
    simulator.apiCalls.length = 0
    const failure = await pay(phonePe, 50).catch((error: unknown) => error)
    expect(failure).toMatchObject({ status: 400, code: 'BAD_REQUEST', retryable: false })
    expect(simulator.apiCalls).toEqual(['POST /checkout/v2/pay'])
    const unknown = await phonePe.orderStatus('MN-never-made').catch((error: unknown) => error)
    expect(unknown).toMatchObject({ status: 400, code: 'MERCHANT_ORDER_MAPPING_NOT_FOUND' })
  })

  it('retries network errors, then reports them', async () => {
    const phonePe = adapter({ baseUrl: 'http://127.0.0.1:9', maxAttempts: 2 })
    await expect(pay(phonePe)).rejects.toMatchObject({ status: 0, code: 'NETWORK', retryable: true })
  })

  it('refuses wrong credentials without retrying', async () => {
    const phonePe = createPhonePe({ ...credentials, clientSecret: 'wrong', baseUrl: simulator.url, backoffMs: () => 1 })
    await expect(pay(phonePe)).rejects.toMatchObject({ status: 401, code: 'INVALID_CLIENT' })
  })

  it('refunds a completed payment and reads the refund', async () => {
    const phonePe = adapter()
    await pay(phonePe, 30000)
    const id = `MN-test-${orderCount}`
    simulator.decide(id, 'success')
    const refund = await phonePe.refund({ merchantRefundId: `${id}-R1`, originalMerchantOrderId: id, amount: 30000 })
    expect(refund).toMatchObject({ amount: 30000, state: 'PENDING' })
    await expect.poll(async () => (await phonePe.refundStatus(`${id}-R1`)).state).toBe('COMPLETED')
  })
})

describe('webhook authorization', () => {
  it('is sha256(username:password), as PhonePe documents', () => {
    expect(webhookAuthorization('username', 'password')).toBe(
      'bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e',
    )
  })

  it('accepts the right header only', () => {
    const header = webhookAuthorization('shop', 'hook-secret')
    expect(isAuthenticWebhook(header, 'shop', 'hook-secret')).toBe(true)
    expect(isAuthenticWebhook(header.toUpperCase(), 'shop', 'hook-secret')).toBe(true)
    expect(isAuthenticWebhook(webhookAuthorization('shop', 'other'), 'shop', 'hook-secret')).toBe(false)
    expect(isAuthenticWebhook('short', 'shop', 'hook-secret')).toBe(false)
    expect(isAuthenticWebhook(null, 'shop', 'hook-secret')).toBe(false)
    expect(isAuthenticWebhook('', 'shop', 'hook-secret')).toBe(false)
  })
})
