// Fixed-window rate limits kept in the database, so every app instance counts the same requests.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Tx } from './db.server.ts'
import { rateLimits } from './schema.ts'

export interface RateLimitRule {
  /** What is limited, e.g. 'contact:ip'. */
  name: string
  limit: number
  windowMs: number
}

export interface RateLimitResult {
  allowed: boolean
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number
}

/** Counts one attempt for `subject` (an address, an account, a phone number) under `rule`. */
export async function hitRateLimit(
  db: Tx,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject}`
  const windowStart = now - rule.windowMs
  // last_request holds the start of the current window; an expired window starts again at 1.
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, lastRequest: rateLimits.lastRequest })
  const count = row?.count ?? 1
  const started = row?.lastRequest ?? now
  return {
    allowed: count <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((started + rule.windowMs - now) / 1000)),
  }
}
