// The bodies of the shop's push API (POST and DELETE /api/push/subscriptions), built in one place for
// the pages and the service worker.

export interface SubscriptionBody {
  endpoint: string
  expirationTime: number | null
  keys: { p256dh: string; auth: string }
  /** Only the admin panel's "alert me on this device" sets it. */
  owner?: true
  /** The endpoint of the subscription this one replaces (the service worker's pushsubscriptionchange). */
  replaces?: string
}

/** `subscription.toJSON()` as the API takes it, with the owner flag or the replaced endpoint when asked. */
export function subscriptionBody(
  subscription: PushSubscription,
  { owner = false, replaces }: { owner?: boolean; replaces?: string } = {},
): SubscriptionBody {
  const json = subscription.toJSON()
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    ...(owner ? { owner: true as const } : {}),
    ...(replaces ? { replaces } : {}),
  }
}

export function unsubscriptionBody(subscription: PushSubscription): { endpoint: string } {
  return { endpoint: subscription.endpoint }
}
