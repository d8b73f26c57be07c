// A steady stream of webhooks for the benchmarks (bench:shipping, bench:whatsapp): POSTs at an even
// pace, each answer's latency measured.
import { Agent, request as httpRequest } from 'node:http'
import pg from 'pg'

/**
 * POSTs `rate` requests a second for `seconds`, evenly spaced (one every 1000/rate ms, each sent on
 * time whatever the earlier ones are doing), as events trickle in from a courier; the latency of each
 * answer. autocannon's pacing sends each second's requests in a burst, which measures the burst, and
 * fetch adds its own jitter: node:http with kept-alive sockets measures the server.
 */
export async function evenlyPaced(
  url: string,
  options: {
    rate: number
    seconds: number
    /** The same for every POST, or made for each body (a signature over it). */
    headers: Record<string, string> | ((body: string) => Record<string, string>)
    body: () => string
  },
) {
  const headersOf = (body: string) => (typeof options.headers === 'function' ? options.headers(body) : options.headers)
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  const post = (body: string) =>
    new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        url,
        { method: 'POST', agent, headers: { ...headersOf(body), 'content-length': Buffer.byteLength(body) } },
        (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
        },
      )
      request.on('error', reject)
      request.end(body)
    })
  const total = options.rate * options.seconds
  const gap = 1000 / options.rate
  const latencies: number[] = []
  let non2xx = 0
  let errors = 0
  const sent: Promise<void>[] = []
  const start = performance.now()
  for (let i = 0; i < total; i++) {
    const wait = start + i * gap - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const began = performance.now()
    sent.push(
      post(options.body()).then(
        (status) => {
          latencies.push(performance.now() - began)
          if (status !== 200) non2xx++
        },
        () => {
          errors++
        },
      ),
    )
  }
  await Promise.all(sent)
  agent.destroy()
  const elapsed = (performance.now() - start) / 1000
  latencies.sort((a, b) => a - b)
  const at = (share: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0)
  return { perSecond: Math.round(total / elapsed), p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), non2xx, errors }
}

/**
 * Seconds from `since` until `count` (a query whose first row's `n` counts what is left) reads 0 on
 * the shop's PostgreSQL: the stored events left to apply, the outbox's jobs left to send.
 */
export async function secondsUntilNoneLeft(databaseUrl: string, count: string, since = performance.now()) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    for (;;) {
      const { rows } = await client.query(count)
      if (rows[0].n === 0) return (performance.now() - since) / 1000
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } finally {
    await client.end()
  }
}

/** The count of a webhook's stored events not applied yet, for secondsUntilNoneLeft. */
export function unappliedEvents(table: 'courier_events' | 'whatsapp_events'): string {
  return `select count(*)::int as n from ${table} where processed_at is null`
}
