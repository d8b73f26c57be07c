// The part of autocannon (no bundled types) that scripts/bench-server.ts and bench-shipping.ts use.
declare module 'autocannon' {
  interface Histogram {
    average: number
    p50: number
    p99: number
    max: number
  }
  export interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
  }
  export default function autocannon(options: {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    method?: 'GET' | 'POST'
    /** Requests a second over all connections. */
    overallRate?: number
    /** Each request made from its template, e.g. with a body of its own. */
    requests?: { setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }[]
  }): Promise<Result>
}
