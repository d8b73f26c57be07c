// This device's push subscription: the one place the browser subscribes to and unsubscribes from the
// shop's notifications (the banner, the footer and account switch, and the admin panel's "alert me on
// this device"). Talks to the shop's API: GET /api/push/public-key, POST and DELETE
// /api/push/subscriptions.
import { subscriptionBody, unsubscriptionBody } from '#app/pwa/push-subscription-body.ts'
import { PUSH_CHANGE_EVENT, pushSupported } from './push-support.ts'

export { pushSupported }

/** The visitor refused (or dismissed) the browser's permission prompt. */
export class PushPermissionDenied extends Error {
  constructor() {
    super('Notification permission denied')
    this.name = 'PushPermissionDenied'
  }
}

/** Subscribing failed: no service worker, the push service, or the shop refused the subscription. */
export class PushSubscriptionFailed extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PushSubscriptionFailed'
  }
}

const SUBSCRIPTIONS = '/api/push/subscriptions'

/** This device's subscription to the shop, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null
  const registration = await navigator.serviceWorker.getRegistration('/')
  return (await registration?.pushManager.getSubscription()) ?? null
}

/**
 * Asks for permission, subscribes this device and registers the subscription with the shop.
 * Throws PushPermissionDenied when the visitor refuses, PushSubscriptionFailed otherwise.
 */
export async function enablePush({ owner = false }: { owner?: boolean } = {}): Promise<PushSubscription> {
  if (!pushSupported()) throw new PushSubscriptionFailed('This browser cannot receive push notifications')
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission()
  if (permission !== 'granted') throw new PushPermissionDenied()
  let subscription: PushSubscription
  try {
    const registration = await activeRegistration()
    const key = await publicKey()
    let existing = await registration.pushManager.getSubscription()
    // A subscription made for other server keys (the shop's keys were replaced) can never be used.
    if (existing && !sameKey(existing.options.applicationServerKey, key)) {
      await existing.unsubscribe()
      existing = null
    }
    subscription =
      existing ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key.buffer as ArrayBuffer,
      }))
  } catch (error) {
    throw new PushSubscriptionFailed('Could not subscribe this device', { cause: error })
  }
  const response = await sendJson('POST', subscriptionBody(subscription, { owner }))
  if (!response.ok) {
    // The shop does not know this subscription: keep the device consistent with it.
    await subscription.unsubscribe().catch(() => false)
    throw new PushSubscriptionFailed(await refusal(response))
  }
  announceChange()
  return subscription
}

/**
 * Unsubscribes this device and tells the shop to forget it. Unsubscribing is what stops the
 * notifications; if the shop cannot be told now, the push service refuses its next message to this
 * endpoint and the shop drops it then.
 */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription()
  if (subscription) {
    const body = unsubscriptionBody(subscription)
    await subscription.unsubscribe()
    try {
      const response = await sendJson('DELETE', body)
      if (!response.ok) console.warn('the shop did not forget the push subscription', response.status)
    } catch (error) {
      console.warn('the shop could not be told about the push unsubscription', error)
    }
  }
  announceChange()
}

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration('/'))) {
    await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' })
  }
  return navigator.serviceWorker.ready
}

async function publicKey(): Promise<Uint8Array> {
  const response = await fetch('/api/push/public-key', { headers: { Accept: 'application/json' } })
  if (!response.ok) throw new Error(`public key: HTTP ${response.status}`)
  const { publicKey } = (await response.json()) as { publicKey?: unknown }
  if (typeof publicKey !== 'string' || publicKey === '') throw new Error('public key: missing')
  return base64UrlToBytes(publicKey)
}

export function base64UrlToBytes(text: string): Uint8Array {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=')
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}

function sameKey(existing: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!existing) return true
  const bytes = new Uint8Array(existing)
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index])
}

function sendJson(method: 'POST' | 'DELETE', body: unknown) {
  return fetch(SUBSCRIPTIONS, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
}

async function refusal(response: Response): Promise<string> {
  try {
    const { message } = (await response.json()) as { message?: unknown }
    if (typeof message === 'string' && message) return message
  } catch {
    // Not the API's JSON: the status says enough.
  }
  return `The shop refused the subscription (HTTP ${response.status})`
}

function announceChange() {
  window.dispatchEvent(new Event(PUSH_CHANGE_EVENT))
}
