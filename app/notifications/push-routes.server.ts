// Web Push over HTTP: the public key for browsers, subscribe and unsubscribe (JSON, strict, same-origin,
// rate-limited), and the admin's Push Notifications tab (its list and its Send action).
import { data, type RouterContextProvider } from 'react-router'
import { assertSameOrigin, getViewer } from '#app/accounts/session.server.ts'
import { findAdmin, requireAdmin } from '#app/admin/guard.server.ts'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { countSubscribers, listNotificationHistory, ownerEndpoints, sendNotification } from './push-fanout.server.ts'
import { FAILED_TITLE, parseNotificationForm, pushTemplates, SENT_TITLE, type SendAnswer } from './push-notification.ts'
import { firstIssue, subscribeSchema, unsubscribeSchema } from './push-subscription.ts'
import { PushSubscriptionError, subscribe, unsubscribe } from './push-subscriptions.server.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

const NO_STORE = { 'Cache-Control': 'no-store' }
/** A PushSubscription's JSON is a few hundred bytes; anything much bigger is not one. */
const MAX_BODY = 8 * 1024

/** GET /api/push/public-key: what browsers subscribe with (applicationServerKey). */
export function publicKeyLoader({ context }: Args) {
  const { vapid } = context.get(servicesContext)
  return data({ publicKey: vapid.publicKey }, { headers: { 'Cache-Control': 'no-cache' } })
}

function refuse(status: number, message: string, headers: Record<string, string> = {}) {
  return data({ ok: false as const, message }, { status, headers: { ...NO_STORE, ...headers } })
}

async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) return { ok: false, message: 'Send the subscription as application/json.' }
  const text = await request.text()
  if (text.length > MAX_BODY) return { ok: false, message: 'The request is too large to be a push subscription.' }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, message: 'The request is not valid JSON.' }
  }
}

/** POST (subscribe) and DELETE (unsubscribe) /api/push/subscriptions. */
export async function subscriptionsAction({ request, context }: Args) {
  const { db, config, logger } = context.get(servicesContext)
  const { clientIp } = context.get(requestContext)
  assertSameOrigin(request, config.publicUrl)
  if (request.method !== 'POST' && request.method !== 'DELETE') {
    return refuse(405, 'Use POST to subscribe or DELETE to unsubscribe.', { Allow: 'POST, DELETE' })
  }
  const body = await readJson(request)
  if (!body.ok) return refuse(400, body.message)

  if (request.method === 'DELETE') {
    const parsed = unsubscribeSchema.safeParse(body.value)
    if (!parsed.success) return refuse(400, firstIssue(parsed.error))
    await unsubscribe(db, parsed.data.endpoint)
    return data({ ok: true as const }, { headers: NO_STORE })
  }

  const parsed = subscribeSchema.safeParse(body.value)
  if (!parsed.success) return refuse(400, firstIssue(parsed.error))
  const { viewer } = await getViewer(request, context)
  try {
    await subscribe(db, parsed.data, {
      clientIp,
      userAgent: request.headers.get('user-agent'),
      userId: viewer?.id ?? null,
      admin: viewer?.role === 'admin' ? viewer : null,
      allowPrivateEndpoints: config.push.allowPrivateEndpoints,
    })
  } catch (error) {
    if (error instanceof PushSubscriptionError) {
      const retry = error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined
      return refuse(error.status, error.message, retry)
    }
    logger.error({ err: error }, 'storing a push subscription failed')
    return refuse(500, 'Something went wrong. Please try again.')
  }
  return data({ ok: true as const }, { status: 201, headers: NO_STORE })
}

/** The Push tab: nothing for anyone but the admin, whose login form the layout shows. */
export async function pushTabLoader({ request, context }: Args) {
  if (!(await findAdmin(request, context))) return null
  const { db } = context.get(servicesContext)
  const [history, audience, owners, settings] = await Promise.all([
    listNotificationHistory(db),
    countSubscribers(db),
    ownerEndpoints(db),
    getSettings(db),
  ])
  return data(
    {
      history,
      ...audience,
      ownerEndpoints: owners,
      templates: pushTemplates({ freeDeliveryFrom: settings.freeDeliveryThreshold }),
    },
    { headers: NO_STORE },
  )
}

function answer(result: SendAnswer, status: number) {
  return data(result, { status, headers: NO_STORE })
}

/** Send: checked again here (the browser's checks are a courtesy), stored, and handed to the outbox. */
export async function pushAction({ request, context }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config, logger } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const parsed = parseNotificationForm(Object.fromEntries(await request.formData()))
  if (!parsed.ok) return answer({ ok: false, title: FAILED_TITLE, message: parsed.message }, 400)
  try {
    const { subscribers } = await countSubscribers(db)
    await sendNotification(db, admin, parsed.data)
    return answer(
      {
        ok: true,
        title: SENT_TITLE,
        message: `“${parsed.data.title}” is on its way to ${subscribers.toLocaleString('en-IN')} subscribed ${subscribers === 1 ? 'device' : 'devices'}.`,
      },
      200,
    )
  } catch (error) {
    logger.error({ err: error }, 'sending a push notification failed')
    return answer({ ok: false, title: FAILED_TITLE, message: 'Something went wrong on our side.' }, 500)
  }
}
