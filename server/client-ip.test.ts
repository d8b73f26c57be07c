import { describe, expect, it } from 'vitest'
import { clientIp } from './app.ts'

describe('client address', () => {
  it('uses the socket address unless a proxy is trusted', () => {
    expect(clientIp('203.0.113.9', '10.0.0.2', false)).toBe('10.0.0.2')
  })

  it('takes the address the trusted proxy appended, not one the client made up', () => {
    expect(clientIp('1.2.3.4, 203.0.113.9', '10.0.0.2', true)).toBe('203.0.113.9')
  })

  it('falls back to the socket when the proxy sent nothing', () => {
    expect(clientIp(undefined, '10.0.0.2', true)).toBe('10.0.0.2')
  })
})
