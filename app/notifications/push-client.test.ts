import { describe, expect, it } from 'vitest'
import { base64UrlToBytes } from './push-client.ts'

describe('the server key', () => {
  it('decodes base64url without padding, as VAPID public keys are written', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239])
  })
})
