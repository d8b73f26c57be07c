// 'You are offline — prices may have changed' (in the page's language), under the header, whenever the page is a stored copy
// (the service worker un-hid it in the HTML) or the browser says it is offline. Offline, the page's own
// links and forms are kept from failing silently (see `guardOffline`).
import { useEffect, useSyncExternalStore } from 'react'
import { m } from '#app/paraglide/messages.js'
import { OFFLINE_NOTICE_ID, PAGE_LOAD_OFFLINE } from './offline-notice-marker.ts'

/** How long the shopper is told that a form was not sent. */
const NOT_SENT_MS = 5000

/** Whether this document came from the worker's cache, as read once before hydration. */
let servedFromCache =
  typeof document !== 'undefined' &&
  document.getElementById(OFFLINE_NOTICE_ID)?.hasAttribute('data-from-cache') === true
/** Whether a form was just kept from being sent offline. */
let notSent = false
let hideNotSent: ReturnType<typeof setTimeout> | undefined
const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}

function subscribe(onChange: () => void) {
  const online = () => {
    // Back online: the next navigation is fresh, so the notice follows the connection from now on.
    servedFromCache = false
    notSent = false
    clearTimeout(hideNotSent)
    changed()
  }
  listeners.add(onChange)
  window.addEventListener('online', online)
  window.addEventListener('offline', changed)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('online', online)
    window.removeEventListener('offline', changed)
  }
}

const offlineNow = () => servedFromCache || !navigator.onLine
const onServer = () => false

/**
 * Offline, a React Router link or form would fetch what the worker may not have stored (the next
 * route's code, its data, the sonner toast) and fail with nothing said, or reload the page. Its links
 * (React Router marks them `data-discover`) become plain page loads instead, which the worker answers
 * with its stored copy or the offline page, and so do search forms marked with `pageLoadOffline`; any other
 * form with an address is not sent, and the shopper is told. A plain link, and a form without an
 * address, belong to the page's own script, which handles being offline itself. Listens on the
 * document's capture phase, before React's own listeners.
 */
function guardOffline() {
  const click = (event: MouseEvent) => {
    if (navigator.onLine || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = (event.target as Element | null)?.closest?.('a[href][data-discover]')
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return
    if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return
    if (link.pathname === location.pathname && link.search === location.search && link.hash) return
    event.preventDefault()
    event.stopImmediatePropagation()
    location.assign(link.href)
  }
  const submit = (event: SubmitEvent) => {
    const form = event.target
    if (navigator.onLine || !(form instanceof HTMLFormElement) || !form.hasAttribute('action')) return
    event.stopImmediatePropagation()
    if (form.method === 'get' && form.hasAttribute(PAGE_LOAD_OFFLINE)) return // the browser loads the page it asks for
    event.preventDefault()
    notSent = true
    changed()
    clearTimeout(hideNotSent)
    hideNotSent = setTimeout(() => {
      notSent = false
      changed()
    }, NOT_SENT_MS)
  }
  document.addEventListener('click', click, { capture: true })
  document.addEventListener('submit', submit, { capture: true })
  return () => {
    document.removeEventListener('click', click, { capture: true })
    document.removeEventListener('submit', submit, { capture: true })
  }
}

export function OfflineNotice() {
  const offline = useSyncExternalStore(subscribe, offlineNow, onServer)
  const refused = useSyncExternalStore(subscribe, () => notSent, onServer)
  useEffect(guardOffline, [])
  return (
    <>
      <p
        id={OFFLINE_NOTICE_ID}
        role="status"
        hidden={!offline}
        // The worker may have un-hidden it in a stored page's HTML before React hydrates it.
        suppressHydrationWarning
        className="border-b border-turmeric bg-[oklch(0.95_0.06_85)] px-4 py-2 text-center text-sm font-semibold text-brown"
      >
        {m.offline_notice()}
      </p>
      {refused && (
        <p
          role="alert"
          className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-lg border border-turmeric bg-[oklch(0.95_0.06_85)] px-4 py-3 text-center text-sm font-semibold text-brown shadow-lg"
        >
          {m.offline_not_sent()}
        </p>
      )}
    </>
  )
}
