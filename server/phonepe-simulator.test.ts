// The simulator's per-payment faults, which the payments drill relies on: a webhook sent twice for
// one payment only, a short amount for one payment only, and a forged callback.
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPhonePe, webhookAuthorization } from '#app/payments/phonepe.server.ts'
import { type PhonePeSimulator, startPhonePeSimulator } from './phonepe-simulator.ts'

describe('the PhonePe simulator, misbehaving one payment at a time', () => {
  const received: { authorization: string; body: { event: string; payload: Record<string, unknown> } }[] = []
  const receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization ?? '', body: JSON.parse(body) })
      response.end()
    })
  })
  let simulator: PhonePeSimulator
  let gateway: ReturnType<typeof createPhonePe>

  beforeAll(async () => {
    receiver.listen(0, '127.0.0.1')
    await once(receiver, 'listening')
    const { port } = receiver.address() as AddressInfo
    simulator = await startPhonePeSimulator({
      clientId: 'SIM',
      clientSecret: 'secret',
      webhook: { url: `http://127.0.0.1:${port}/hook`, username: 'shop', password: 'hook-secret' },
    })
    gateway = createPhonePe({ clientId: 'SIM', clientSecret: 'secret', clientVersion: 1, baseUrl: simulator.url })
  })
  afterAll(async () => {
    await simulator.stop()
    receiver.close()
  })

  const pay = (merchantOrderId: string) =>
    gateway.createPayment({
      merchantOrderId,
      amount: 10_000,
      redirectUrl: 'http://shop.test/back',
      expireAfterSeconds: 600,
    })
  const hooksFor = (merchantOrderId: string) =>
    received.filter((hook) => hook.body.payload.merchantOrderId === merchantOrderId)

  it('sends one payment’s webhook twice and the next one’s once', async () => {
    await pay('MN-twice')
    await pay('MN-once')
    simulator.decide('MN-twice', 'success', { webhook: 'twice' })
    simulator.decide('MN-once', 'success')
    await expect.poll(() => hooksFor('MN-twice').length).toBe(2)
    await expect.poll(() => hooksFor('MN-once').length).toBe(1)
  })

  it('reports a short amount for one payment only', async () => {
    await pay('MN-short')
    await pay('MN-full')
    simulator.decide('MN-short', 'success', { amountDelta: -100 })
    simulator.decide('MN-full', 'success')
    expect((await gateway.orderStatus('MN-short')).amount).toBe(9_900)
    expect((await gateway.orderStatus('MN-full')).amount).toBe(10_000)
  })

  it('forges a paid callback signed with a guessed password', async () => {
    await pay('MN-forged')
    await simulator.forgeWebhook('MN-forged')
    const [forged] = hooksFor('MN-forged')
    expect(forged?.body.payload.state).toBe('COMPLETED')
    expect(forged?.authorization).not.toBe(webhookAuthorization('shop', 'hook-secret'))
    expect(simulator.webhooks.at(-1)).toMatchObject({ merchantOrderId: 'MN-forged', forged: true, status: 200 })
    expect(simulator.order('MN-forged')?.state).toBe('PENDING')
  })
})
