// Registers the service worker (production builds only). A page React runs on loads this module
// lazily after the page (root.tsx); a page that does not hydrate carries it as its one inline script
// (`?inline-script`, app/shell/inline-scripts.ts), which calls the default export.

/** How long a page waits for the new worker to take it over (it does at once: clientsClaim in sw.ts). */
const TAKEOVER_WAIT_MS = 3000
/** How long the page keeps watching for requests begun before the takeover. */
const LATE_REQUESTS_MS = 60_000

/**
 * Registers /sw.js once the page has loaded, so installing it (and its precache) never competes with
 * the page's own downloads. On the first visit the worker did not see this page's requests: once it
 * has taken the page over (later requests go through it), they are sent to it, and so are those still
 * on their way then, as they finish, so the very first page is readable offline too.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return
  const register = async () => {
    const wasControlled = navigator.serviceWorker.controller !== null
    try {
      // updateViaCache 'none': the browser checks /sw.js itself on every visit, not its HTTP cache.
      await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' })
      if (wasControlled) return
      const registration = await navigator.serviceWorker.ready
      // A page loaded with the cache bypassed (shift-reload) is never taken over: the wait ends.
      await Promise.race([takenOver(), new Promise((resolve) => setTimeout(resolve, TAKEOVER_WAIT_MS))])
      const takenAt = performance.now()
      const send = (urls: string[]) => registration.active?.postMessage({ type: 'CACHE_URLS', urls })
      send([location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)])
      const observer = new PerformanceObserver((list) => {
        const late = list.getEntries().filter((entry) => entry.startTime < takenAt)
        if (late.length > 0) send(late.map((entry) => entry.name))
      })
      observer.observe({ type: 'resource' })
      // Requests still on their way finish long before this; later ones go through the worker.
      setTimeout(() => observer.disconnect(), LATE_REQUESTS_MS)
    } catch (error) {
      // The shop works without it (no offline pages, no notifications); nothing to tell the shopper.
      console.warn('service worker registration failed', error)
    }
  }
  if (document.readyState === 'complete') void register()
  else window.addEventListener('load', () => void register(), { once: true })
}

export default registerServiceWorker

function takenOver(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve()
  return new Promise((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
  )
}
