// The part of autocannon (no bundled types) that scripts/bench-server.ts uses.
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
  }): Promise<Result>
}
