// Fixed-window rate limits kept in the database, so every app instance counts the same requests.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Tx } from './db.server.ts'
import { preparedStatement } from './prepared.server.ts'
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

const countAttempt = preparedStatement('rate-limit-hit', (db) =>
  db
    .insert(rateLimits)
    .values({ id: sql.placeholder('id'), key: sql.placeholder('key'), count: 1, lastRequest: sql.placeholder('now') })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${sql.placeholder('windowStart')} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} <= ${sql.placeholder('windowStart')} then ${sql.placeholder('now')} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, lastRequest: rateLimits.lastRequest }),
)

/** Counts one attempt for `subject` (an address, an account, a phone number) under `rule`. */
export async function hitRateLimit(
  db: Tx,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  // last_request holds the start of the current window; an expired window starts again at 1.
  const [row] = await countAttempt(db, {
    id: randomUUID(),
    key: `${rule.name}:${subject}`,
    now,
    windowStart: now - rule.windowMs,
  })
  const count = row?.count ?? 1
  const started = row?.lastRequest ?? now
  return {
    allowed: count <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((started + rule.windowMs - now) / 1000)),
  }
}
