import { describe, expect, it } from 'vitest'
import { checkInterval, isDue } from './reconciler.server.ts'

const s = 1000

describe('the reconciler’s schedule (PhonePe’s documented status checks)', () => {
  it('waits 20 s, then checks every 3 s for 30 s, 6 s for 60 s, 10 s for 60 s, 30 s for 60 s, then every minute', () => {
    expect(checkInterval(19 * s)).toBeNull()
    expect(checkInterval(20 * s)).toBe(3 * s)
    expect(checkInterval(49 * s)).toBe(3 * s)
    expect(checkInterval(50 * s)).toBe(6 * s)
    expect(checkInterval(109 * s)).toBe(6 * s)
    expect(checkInterval(110 * s)).toBe(10 * s)
    expect(checkInterval(170 * s)).toBe(30 * s)
    expect(checkInterval(230 * s)).toBe(60 * s)
    expect(checkInterval(20 * 60 * s)).toBe(60 * s)
  })

  it('is due once the interval for the attempt’s age has passed since the last check', () => {
    const created = 1_000_000
    expect(isDue(created, null, created + 10 * s)).toBe(false)
    expect(isDue(created, null, created + 21 * s)).toBe(true)
    expect(isDue(created, created + 21 * s, created + 23 * s)).toBe(false)
    expect(isDue(created, created + 21 * s, created + 24 * s)).toBe(true)
    expect(isDue(created, created + 300 * s, created + 330 * s)).toBe(false)
    expect(isDue(created, created + 300 * s, created + 360 * s)).toBe(true)
  })
})
