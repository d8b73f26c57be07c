// 'You are offline — prices may have changed' (in the page's language), under the header, whenever the page is a stored copy
// (the service worker un-hid it in the HTML) or the browser says it is offline.
import { useSyncExternalStore } from 'react'
import { m } from '#app/paraglide/messages.js'
import { OFFLINE_NOTICE_ID } from './offline-notice-marker.ts'

/** Whether this document came from the worker's cache, as read once before hydration. */
let servedFromCache =
  typeof document !== 'undefined' &&
  document.getElementById(OFFLINE_NOTICE_ID)?.hasAttribute('data-from-cache') === true

function subscribe(onChange: () => void) {
  const online = () => {
    // Back online: the next navigation is fresh, so the notice follows the connection from now on.
    servedFromCache = false
    onChange()
  }
  window.addEventListener('online', online)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', online)
    window.removeEventListener('offline', onChange)
  }
}

const offlineNow = () => servedFromCache || !navigator.onLine
const onServer = () => false

export function OfflineNotice() {
  const offline = useSyncExternalStore(subscribe, offlineNow, onServer)
  return (
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
  )
}
