// Live updates for the admin panel over Server-Sent Events: a new-order alert as a toast, and a fresh
// read of the page's loaders (order list, Recent Activity, unread badge, stat cards) after any change.
// EventSource reconnects by itself and resumes with Last-Event-ID, so nothing here retries.
import { useContext, useEffect, useRef } from 'react'
import { UNSAFE_DataRouterContext, useRevalidator } from 'react-router'
import type { AdminNotificationView } from '#app/orders/admin-orders.ts'
import { toast } from '#app/ui/toast.tsx'

const ADMIN_EVENTS_URL = '/admin/events'
/** A burst of events (a bulk change, a reconnection's catch-up) costs one reload, not one each. */
const REVALIDATE_EVERY_MS = 500

/**
 * `after` is the feed position the page's loader read: the stream starts there, so nothing that
 * happened between the loader and the connection is lost. Later reconnections resume from the last
 * event seen (Last-Event-ID), so a newer `after` from a revalidation does not reconnect.
 */
export function useLiveEvents(after: number) {
  const { revalidate } = useRevalidator()
  const startAt = useRef(after)
  // The hook subscribes once; the ref lets it call the latest revalidate without reconnecting.
  const revalidateRef = useRef(revalidate)
  revalidateRef.current = revalidate
  // The router itself, asked when a reload is due: React renders a navigation's start in a
  // transition, so for a moment after a click (longer on a busy phone) `useNavigation()` would still
  // say idle, and a reload then would restart the opening tab's loaders. The context is React
  // Router's own (UNSAFE_ marks it as outside its stable API); framework mode always provides it.
  const router = useContext(UNSAFE_DataRouterContext)?.router

  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource(`${ADMIN_EVENTS_URL}?after=${startAt.current}`)
    let timer: ReturnType<typeof setTimeout> | undefined
    let lastRun = 0

    const reload = () => {
      timer = undefined
      // Offline, the reload would fail and put the error page in place of the panel: it waits for the
      // connection instead (one listener, however many events came meanwhile).
      if (!navigator.onLine) return window.addEventListener('online', scheduleRevalidate, { once: true })
      // A reload restarts the loaders of a page being opened: a stream of events would keep the owner
      // from ever reaching it. It waits for the page, then reads what the page may have missed.
      if (router && router.state.navigation.state !== 'idle') {
        timer = setTimeout(reload, REVALIDATE_EVERY_MS)
        return
      }
      lastRun = Date.now()
      void revalidateRef.current()
    }
    // Throttled with a trailing call: the last event of a burst is always followed by a reload.
    const scheduleRevalidate = () => {
      if (timer === undefined) timer = setTimeout(reload, Math.max(0, lastRun + REVALIDATE_EVERY_MS - Date.now()))
    }

    const onNotification = (event: MessageEvent<string>) => {
      const notification = parseNotification(event.data)
      if (notification?.type === 'new_order') {
        toast('New Order Alert! 🔔', { description: notification.message })
      }
      scheduleRevalidate()
    }

    source.addEventListener('order', scheduleRevalidate)
    source.addEventListener('notification', onNotification)
    source.addEventListener('notification_read', scheduleRevalidate)
    return () => {
      source.close()
      clearTimeout(timer)
      window.removeEventListener('online', scheduleRevalidate)
    }
  }, [router])
}

function parseNotification(data: string): AdminNotificationView | null {
  try {
    const value: unknown = JSON.parse(data)
    return value && typeof value === 'object' && 'message' in value ? (value as AdminNotificationView) : null
  } catch {
    return null
  }
}
