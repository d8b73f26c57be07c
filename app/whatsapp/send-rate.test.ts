import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ARRIVAL_CAP_MS, createSendRate, RATE_MARGIN_MS } from './send-rate.ts'

/** The most of these times within any window of `windowMs`. */
function busiest(times: number[], windowMs = 1000): number {
  let most = 0
  for (let start = 0, end = 0; start < times.length; start++) {
    while (end < times.length && times[end]! - times[start]! < windowMs) end++
    most = Math.max(most, end - start)
  }
  return most
}

describe('the number’s send rate', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** `count` turns taken at once, each answered `latencyMs` after it starts; their start times. */
  async function drain(perSecond: number, count: number, latencyMs = 0): Promise<number[]> {
    const rate = createSendRate(perSecond)
    const starts: number[] = []
    const all = Array.from({ length: count }, () =>
      rate.take().then((turn) => {
        starts.push(Date.now())
        setTimeout(() => turn?.answered(), latencyMs)
      }),
    )
    await vi.runAllTimersAsync()
    await Promise.all(all)
    return starts
  }

  it('1,000 sends queued at once go at the configured rate: never more in a second, hardly slower', async () => {
    const starts = await drain(80, 1000)
    expect(starts).toHaveLength(1000)
    expect(busiest(starts)).toBe(80)
    // Evenly spaced, 12.5 ms apart: no burst at the start.
    expect(starts.slice(0, 5)).toEqual([0, 13, 25, 38, 50])
    const seconds = (starts.at(-1)! - starts[0]!) / 1000
    // 80 a second less the margin of each second: within 1 % of the rate (the bench asks 10 %).
    expect(999 / seconds).toBeGreaterThan(80 * 0.99)
    expect(999 / seconds).toBeLessThanOrEqual(80 * (1000 / (1000 - RATE_MARGIN_MS)))
  })

  it('counts a send from its answer, so requests that reached Meta late never crowd its second', async () => {
    const starts = await drain(10, 40, 60)
    // Ten within any second and its answer's 60 ms: the next ten wait for them.
    expect(busiest(starts, 1060)).toBe(10)
    for (let i = 10; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 10]!).toBeGreaterThanOrEqual(1000 + 60)
    }
  })

  it('an answer slower than the cap counts from the start and the cap', async () => {
    const starts = await drain(10, 20, 5_000)
    for (let i = 10; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 10]!).toBeGreaterThanOrEqual(1000 + ARRIVAL_CAP_MS)
      expect(starts[i]! - starts[i - 10]!).toBeLessThan(1000 + ARRIVAL_CAP_MS + 50)
    }
  })

  it('gives turns in the order asked; a place given up uses none and holds up nobody', async () => {
    const rate = createSendRate(5)
    const turns: [string, number][] = []
    let ready!: (go: boolean) => void
    const given = rate
      .take(
        new Promise((resolve) => {
          ready = resolve
        }),
      )
      .then((turn) => turns.push([turn ? 'b' : 'b gave up', Date.now()]))
    const a = rate.take().then(() => turns.push(['a', Date.now()]))
    const c = rate.take().then(() => turns.push(['c', Date.now()]))
    await vi.advanceTimersByTimeAsync(50)
    expect(turns).toEqual([])
    ready(false)
    await vi.runAllTimersAsync()
    await Promise.all([given, a, c])
    // c on the schedule the first turn started (every 200 ms from 0), not 200 ms after a's late one.
    expect(turns).toEqual([
      ['b gave up', 50],
      ['a', 50],
      ['c', 200],
    ])
  })

  it('pauses every turn after Meta says the throughput is used up', async () => {
    const rate = createSendRate(100)
    await rate.take()
    rate.pause(1000)
    const next = rate.take().then(() => Date.now())
    await vi.runAllTimersAsync()
    expect(await next).toBeGreaterThanOrEqual(1000)
  })
})
