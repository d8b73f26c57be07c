// The business number's throughput (reference/whatsapp.md, "Throughput"): Meta takes so many messages
// per second (80 by default) and refuses the next ones within that second with 130429. The sender
// takes a turn here before each send. Turns are evenly spaced (a token bucket: bursts of CATCH_UP_MS'
// worth at most), and a send starts only a second after the one `perSecond` sends before it reached Meta. When
// that was is not known, only bounded: not before the request left, not after its answer came back.
// The answer is the bound taken, or, for a slow answer, the request's start and ARRIVAL_CAP_MS: the
// first requests of a burst open their connections and reach Meta late, and a turn counted from when
// they left would let one more within Meta's second. One per process.

export interface SendTurn {
  /** The request has its answer (or failed): its arrival at Meta is bounded from now on. */
  answered(): void
}

export interface SendRate {
  /**
   * A place in the queue now, the turn once `ready` resolves true (false: the place is given up, no
   * turn is used) and every place before it has had its turn. Resolves with the turn, or null.
   */
  take(ready?: Promise<boolean>): Promise<SendTurn | null>
  /** No turn for `ms` from now (Meta said the number's throughput is used up). */
  pause(ms: number): void
}

/**
 * How long a request may take to reach Meta, taken when its answer is slower than that. Generous: a
 * request Meta reads later than the shop counts it (a busy edge, a busy machine) is refused for the
 * throughput (the drill saw it at 100 ms), while only an answer slower than this costs the rate a
 * little.
 */
export const ARRIVAL_CAP_MS = 250
/** Headroom over Meta's second, for two clocks' granularity. */
export const RATE_MARGIN_MS = 5
/**
 * How far behind its schedule the spacing may catch up (turns then come closer together, never more
 * than the second allows): the outbox claims its next batch while no turn is asked for, and that time
 * is not lost to the rate.
 */
export const CATCH_UP_MS = 100

interface Send {
  startedAt: number
  answeredAt: number | null
}

export function createSendRate(
  perSecond: number,
  { windowMs = 1000, marginMs = RATE_MARGIN_MS }: { windowMs?: number; marginMs?: number } = {},
): SendRate {
  if (!Number.isFinite(perSecond) || perSecond < 1) throw new Error('a send rate is at least one a second')
  const limit = Math.floor(perSecond)
  const interval = windowMs / limit
  /** The last `limit` sends, oldest first. */
  const sends: Send[] = []
  /** When the next turn is due by the spacing (a late timer does not push the ones after it). */
  let due = 0
  let queue: Promise<unknown> = Promise.resolve()

  async function turn(): Promise<SendTurn> {
    for (;;) {
      const now = Date.now()
      const oldest = sends.length >= limit ? sends[sends.length - limit]! : null
      const reached = oldest
        ? Math.min(oldest.answeredAt ?? Number.POSITIVE_INFINITY, oldest.startedAt + ARRIVAL_CAP_MS)
        : Number.NEGATIVE_INFINITY
      const at = Math.max(due, reached + windowMs + marginMs)
      if (at <= now) break
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(at - now)))
    }
    const now = Date.now()
    const send: Send = { startedAt: now, answeredAt: null }
    sends.push(send)
    if (sends.length > limit) sends.shift()
    due = Math.max(due, now - Math.max(interval, CATCH_UP_MS)) + interval
    return {
      answered() {
        send.answeredAt ??= Date.now()
      },
    }
  }

  return {
    take(ready = Promise.resolve(true)) {
      const mine = queue.then(async () => ((await ready) ? turn() : null))
      // A place whose holder failed before it was ready does not hold up the ones after it.
      queue = mine.catch(() => {})
      return mine
    },
    pause(ms) {
      due = Math.max(due, Date.now() + ms)
    },
  }
}
