// The small, always-loaded part of push on shop pages: it decides whether the banner or the switch
// can be of use on this device and only then loads them (separate chunks, outside the first load).
import { lazy, Suspense, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { pathWithoutLocale } from '#app/i18n/locale.ts'
import { bannerAllowedOn, bannerSeen, markOrderPlaced, orderPlacedHere, pushSupported } from './push-support.ts'

const PushBanner = lazy(() => import('./push-banner.tsx'))
const PushSwitch = lazy(() => import('./push-switch.tsx'))

/**
 * The banner, where it helps and covers nothing: push works, not seen yet, online, and a page its rule
 * allows (the home page, an order just placed, and after an order the pages that sell nothing).
 */
export function PushPrompt() {
  const { pathname } = useLocation()
  const [eligible, setEligible] = useState(false)
  const [orderPlaced, setOrderPlaced] = useState(false)
  useEffect(() => {
    if (!pushSupported()) return
    let current = true
    // Notifications are ready once the service worker is: until then there is nothing to subscribe with.
    // The flag is read then, not here: a page's first read of localStorage can take milliseconds,
    // and here it ran in the same task as the page's hydration.
    void navigator.serviceWorker.ready.then(() => {
      if (current) setEligible(navigator.onLine && !bannerSeen())
    })
    return () => {
      current = false
    }
  }, [])
  // Read on every page: an order may have been placed since (the order's page, a payment's result).
  useEffect(() => {
    if (!eligible) return
    if (pathWithoutLocale(pathname) === '/order-success') markOrderPlaced()
    setOrderPlaced(orderPlacedHere())
  }, [eligible, pathname])
  if (!eligible || !bannerAllowedOn(pathname, orderPlaced)) return null
  return (
    <Suspense fallback={null}>
      <PushBanner onClose={() => setEligible(false)} />
    </Suspense>
  )
}

/** The on/off switch, in a slot of fixed height so its arrival moves nothing. */
export function PushSwitchSlot({ tone, className }: { tone: 'footer' | 'page'; className?: string }) {
  const [supported, setSupported] = useState(false)
  useEffect(() => {
    if (!pushSupported()) return
    let current = true
    void navigator.serviceWorker.ready.then(() => current && setSupported(true))
    return () => {
      current = false
    }
  }, [])
  return (
    <div className={className}>
      {supported && (
        <Suspense fallback={null}>
          <PushSwitch tone={tone} />
        </Suspense>
      )}
    </div>
  )
}
