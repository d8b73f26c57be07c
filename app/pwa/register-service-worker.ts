// Registers the service worker (production builds only; loaded lazily by the root after the page).

/**
 * Registers /sw.js once the page has loaded, so installing it (and its precache) never competes with
 * the page's own downloads. On the first visit the worker did not see this page's requests: they are
 * sent to it, so the very first page is readable offline too.
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
      const loaded = performance.getEntriesByType('resource').map((entry) => entry.name)
      registration.active?.postMessage({ type: 'CACHE_URLS', urls: [location.href, ...loaded] })
    } catch (error) {
      // The shop works without it (no offline pages, no notifications); nothing to tell the shopper.
      console.warn('service worker registration failed', error)
    }
  }
  if (document.readyState === 'complete') void register()
  else window.addEventListener('load', () => void register(), { once: true })
}
