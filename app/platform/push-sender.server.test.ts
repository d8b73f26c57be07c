import { describe, expect, it } from 'vitest'
import { createPushSender, generateVapidKeys } from './push-sender.server.ts'

const target = (endpoint: string) => ({
  endpoint,
  // A real subscriber's keys are not needed: these pushes are refused before anything is sent.
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
})

describe('the push sender never posts into the shop’s own network', () => {
  const sender = createPushSender({ keys: generateVapidKeys(), timeoutMs: 2000 })
  const options = { subject: 'mailto:owner@shop.example' }

  it.each([
    'http://push.example/x',
    'https://127.0.0.1/x',
    'https://[::1]/x',
    'https://10.0.0.5/x',
    'https://localhost:9/x',
  ])('refuses %s without sending', async (endpoint) => {
    const outcome = await sender.send(target(endpoint), '{}', options)
    expect(outcome.kind).toBe('rejected')
  })

  it('answers a push service that does not answer as worth retrying', async () => {
    const open = createPushSender({ keys: generateVapidKeys(), timeoutMs: 2000, allowPrivate: true })
    const outcome = await open.send(target('http://127.0.0.1:9/x'), '{}', options)
    expect(outcome.kind).toBe('retry')
    open.close()
  })
})

describe('new VAPID keys', () => {
  it('are a 65-byte uncompressed P-256 point and a 32-byte private key, each time', () => {
    for (let round = 0; round < 200; round++) {
      const { publicKey, privateKey } = generateVapidKeys()
      const point = Buffer.from(publicKey, 'base64url')
      expect(point).toHaveLength(65)
      expect(point[0]).toBe(0x04)
      expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32)
    }
  })
})
