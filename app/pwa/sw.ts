// The shop's service worker, served at /sw.js (scope /). Built by app/pwa/service-worker-build.ts
// after the browser build: bundled with the Workbox modules it imports, and given the precache list
// of this build (self.__WB_MANIFEST). docs/decisions/015-installable-shop.md explains the rules.

import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { registerRoute, setCatchHandler } from 'workbox-routing'
import { CacheFirst, NetworkFirst, NetworkOnly, type Strategy } from 'workbox-strategies'
import { type Locale, localeOfPath } from '../i18n/locale.ts'
import { cachePolicy, changesWhoIsSignedIn, documentOfDataRequest, reloadDocumentAnswer } from './cache-rules.ts'
import { notificationTarget } from './notification-target.ts'
import { showOfflineNotice } from './offline-notice-marker.ts'
import { notificationFromPush } from './push-payload.ts'
import { subscriptionBody, unsubscriptionBody } from './push-subscription-body.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

const PAGES = 'pages'
const ASSETS = 'assets'
const IMAGES = 'images'
/** The offline page and the web manifest, fetched at install (they carry the shop's settings). */
const SHELL = 'shell'
/** The offline page in each language; a failed navigation gets its address's. */
const OFFLINE_URLS: Record<Locale, string> = { en: '/offline', hi: '/hi/offline' }
/** Precached (see service-worker-build.ts): stands in for a picture the shopper never loaded online. */
const OFFLINE_PICTURE = '/images/offline-picture.svg'
const MANIFEST_URL = '/manifest.webmanifest'
/** The offline page is fetched again after a day, so a changed phone number reaches it. */
const SHELL_MAX_AGE_MS = 24 * 60 * 60 * 1000

// A new build takes over at once: pages are network first and assets carry their hash in their
// name, so an open page never mixes builds; one that asks for an asset the new build no longer has
// gets a 404 and React Router reloads it.
self.skipWaiting()
clientsClaim()
cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)

self.addEventListener('install', (event) => {
  event.waitUntil(refreshShell())
})

async function refreshShell() {
  const cache = await caches.open(SHELL)
  await cache.addAll(
    [...Object.values(OFFLINE_URLS), MANIFEST_URL].map((address) => new Request(address, { cache: 'reload' })),
  )
}

async function refreshShellWhenOld() {
  const cached = await caches.match(OFFLINE_URLS.en, { cacheName: SHELL })
  const date = cached?.headers.get('date')
  if (cached && date && Date.now() - Date.parse(date) < SHELL_MAX_AGE_MS) return
  await refreshShell().catch(() => undefined)
}

const origin = self.location.origin
const policyOf = (url: URL) => cachePolicy(url, origin)

const pages = new NetworkFirst({
  cacheName: PAGES,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    {
      // Only reached when the network failed: the page is a stored copy, so it says so.
      cachedResponseWillBeUsed: async ({ cachedResponse }) => {
        if (!cachedResponse?.headers.get('content-type')?.startsWith('text/html')) return cachedResponse
        const html = showOfflineNotice(await cachedResponse.text())
        // The body is now other (decoded, changed) bytes than the ones these headers described.
        const headers = new Headers(cachedResponse.headers)
        headers.delete('content-length')
        headers.delete('content-encoding')
        return new Response(html, { status: cachedResponse.status, headers })
      },
      fetchDidSucceed: async ({ response, event }) => {
        event.waitUntil(refreshShellWhenOld())
        return response
      },
    },
  ],
})
const assets = new CacheFirst({
  cacheName: ASSETS,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
})
const images = new CacheFirst({
  cacheName: IMAGES,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
})
const networkOnly = new NetworkOnly()

const strategies: Record<ReturnType<typeof policyOf>, Strategy> = {
  page: pages,
  asset: assets,
  image: images,
  'network-only': networkOnly,
}

registerRoute(({ url }) => policyOf(url) === 'page', pages)
registerRoute(({ url }) => policyOf(url) === 'asset', assets)
registerRoute(({ url }) => policyOf(url) === 'image', images)
// Every other navigation (checkout, admin, an unvisited page ...) goes to the network; through a route,
// so that a failure reaches the catch handler and shows the offline page instead of the browser's.
registerRoute(({ request }) => request.mode === 'navigate', networkOnly)
registerRoute(({ request }) => request.mode === 'navigate', networkOnly, 'POST')
// Client-side navigations' data requests too, so that one failing offline reaches the catch handler.
registerRoute(({ url }) => url.origin === origin && documentOfDataRequest(url) !== null, networkOnly)

setCatchHandler(async ({ request, url }) => {
  const target = request.method === 'GET' && url?.origin === origin ? documentOfDataRequest(url) : null
  if (target !== null) {
    const { status, headers } = reloadDocumentAnswer(target)
    return new Response(null, { status, headers })
  }
  if (request.destination === 'document' || request.mode === 'navigate') {
    const locale = localeOfPath(new URL(request.url).pathname)
    const offline =
      (await caches.match(OFFLINE_URLS[locale], { cacheName: SHELL })) ??
      (await caches.match(OFFLINE_URLS.en, { cacheName: SHELL }))
    if (offline) return offline
  }
  if (request.destination === 'image') {
    const picture = await matchPrecache(OFFLINE_PICTURE)
    if (picture) return picture
  }
  return Response.error()
})

self.addEventListener('fetch', (event) => {
  // Stored pages carry the header of whoever was signed in: signing out or in forgets them.
  if (changesWhoIsSignedIn(event.request.method, new URL(event.request.url).pathname)) {
    event.waitUntil(caches.delete(PAGES))
  }
})

/**
 * The page that registered the worker sends the addresses it loaded before the worker controlled it
 * (its own URL, scripts, styles, pictures), so the first page a shopper visits is readable offline
 * too. Each goes through the strategy its rule names; network-only ones are skipped.
 */
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null
  if (data?.type !== 'CACHE_URLS' || !Array.isArray(data.urls)) return
  const done = Promise.allSettled(
    data.urls
      .filter((url): url is string => typeof url === 'string')
      .map((url) => new URL(url, origin))
      .filter((url) => policyOf(url) !== 'network-only')
      .map((url) => strategies[policyOf(url)].handle({ event, request: new Request(url.href) })),
  ).then(() => event.ports[0]?.postMessage({ type: 'CACHED' }))
  event.waitUntil(done)
})

self.addEventListener('push', (event) => {
  event.waitUntil(
    (async () => {
      const { title, options } = notificationFromPush(event.data?.text(), await shopName())
      await self.registration.showNotification(title, options)
    })(),
  )
})

async function shopName(): Promise<string> {
  try {
    const manifest = await caches.match(MANIFEST_URL, { cacheName: SHELL })
    const name = ((await manifest?.json()) as { name?: unknown } | undefined)?.name
    if (typeof name === 'string' && name) return name
  } catch {
    // An unreadable copy: the default name below.
  }
  return 'Malwa Namkeen'
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = notificationTarget((event.notification.data as { url?: unknown } | null)?.url, origin)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => client.url === target)
      if (open) {
        await open.focus()
        return
      }
      await self.clients.openWindow(target)
    })(),
  )
})

/**
 * The push service replaced or expired the subscription: subscribe again with the same key and tell
 * the shop, so the shopper keeps getting what they asked for.
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as ExtendableEvent & {
    oldSubscription?: PushSubscription | null
    newSubscription?: PushSubscription | null
  }
  change.waitUntil(
    (async () => {
      const key = change.oldSubscription?.options.applicationServerKey
      const fresh =
        change.newSubscription ??
        (key
          ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
          : null)
      // The shop swaps the old row for the new one, keeping it one of the owner's devices if it was.
      const replaces = change.oldSubscription?.endpoint
      if (fresh) {
        await fetch('/api/push/subscriptions', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(subscriptionBody(fresh, { replaces })),
        })
      } else if (change.oldSubscription) {
        await fetch('/api/push/subscriptions', {
          method: 'DELETE',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(unsubscriptionBody(change.oldSubscription)),
        })
      }
    })(),
  )
})
