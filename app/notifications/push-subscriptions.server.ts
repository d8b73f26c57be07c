// Subscribing and unsubscribing a browser: one row per endpoint (re-subscribing updates it), tied to
// the signed-in user if any, flagged as one of the owner's devices only at a signed-in admin's request.
import { eq, sql } from 'drizzle-orm'
import type { AuditActor } from '#app/platform/audit.server.ts'
import { recordAudit } from '#app/platform/audit.server.ts'
import type { Db } from '#app/platform/db.server.ts'
import { hitRateLimit, type RateLimitRule } from '#app/platform/rate-limit.server.ts'
import { checkEndpoint, type Resolve } from './push-endpoint.server.ts'
import type { SubscribeBody } from './push-subscription.ts'
import { pushSubscriptions } from './schema.ts'

// A browser subscribes once and re-subscribes when its subscription changes; shoppers behind one
// carrier's address share it, so the limit only has to stop a flood of rows.
export const SUBSCRIBE_RATE_LIMIT: RateLimitRule = { name: 'push-subscribe:ip', limit: 30, windowMs: 15 * 60_000 }

export class PushSubscriptionError extends Error {
  readonly status: 400 | 403 | 429
  readonly retryAfterSeconds: number | undefined
  constructor(status: 400 | 403 | 429, message: string, retryAfterSeconds?: number) {
    super(message)
    this.name = 'PushSubscriptionError'
    this.status = status
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export interface SubscribeContext {
  clientIp: string
  userAgent: string | null
  /** The signed-in account, if any. */
  userId: string | null
  /** The signed-in admin, who alone may register the owner's devices. */
  admin: AuditActor | null
  allowPrivateEndpoints: boolean
  resolve?: Resolve
}

/** Stores (or updates) a subscription; throws PushSubscriptionError with the status to answer. */
export async function subscribe(db: Db, body: SubscribeBody, context: SubscribeContext): Promise<void> {
  const limit = await hitRateLimit(db, SUBSCRIBE_RATE_LIMIT, context.clientIp)
  if (!limit.allowed) {
    throw new PushSubscriptionError(
      429,
      'Too many subscriptions from this address. Please try again later.',
      limit.retryAfterSeconds,
    )
  }
  const owner = body.owner === true
  if (owner && !context.admin) {
    throw new PushSubscriptionError(403, 'Only the shop’s admin can register a device for order alerts.')
  }
  const check = await checkEndpoint(body.endpoint, {
    allowPrivate: context.allowPrivateEndpoints,
    resolve: context.resolve,
  })
  if (!check.ok) throw new PushSubscriptionError(400, check.message)

  const values = {
    endpoint: body.endpoint,
    p256dhKey: body.keys.p256dh,
    authKey: body.keys.auth,
    userId: context.userId,
    userAgent: context.userAgent?.slice(0, 500) ?? null,
    expiresAt: body.expirationTime == null ? null : new Date(body.expirationTime),
    isOwner: owner,
  }
  await db.transaction(async (tx) => {
    // The push service replaced the browser's subscription: the new one takes the old one's place,
    // owner's device included (only that browser knows the old endpoint).
    if (body.replaces && body.replaces !== body.endpoint) {
      const [replaced] = await tx
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, body.replaces))
        .returning({ isOwner: pushSubscriptions.isOwner })
      if (replaced?.isOwner) values.isOwner = true
    }
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          p256dhKey: values.p256dhKey,
          authKey: values.authKey,
          userId: values.userId,
          userAgent: values.userAgent,
          expiresAt: values.expiresAt,
          isActive: true,
          // The owner's phone stays an owner's device when the shop's own banner subscribes it again
          // without asking (signed out, or as the admin); unsubscribing (which deletes the row) is
          // how it stops. A subscribe from that browser by another signed-in account ends it (new
          // orders carry customers' names and totals); merely signing in on it does not, as the
          // browser then posts nothing.
          isOwner: sql`excluded.is_owner or (${pushSubscriptions.isOwner} and (excluded.user_id is null or excluded.user_id is not distinct from ${pushSubscriptions.userId} or ${context.admin !== null}))`,
          updatedAt: new Date(),
        },
      })
      .returning({ id: pushSubscriptions.id })
    if (owner && context.admin && row) {
      await recordAudit(tx, context.admin, {
        action: 'push.owner-device',
        entity: 'push',
        entityId: row.id,
        label: `Order alerts on ${values.userAgent ?? 'a device'}`,
        before: null,
        after: { endpointHost: new URL(values.endpoint).host, userAgent: values.userAgent },
      })
    }
  })
}

/** Forgets a subscription; forgetting one that is not there is not an error. */
export async function unsubscribe(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
}
