// The small, always-loaded part of push on shop pages: it decides whether the banner or the switch
// can be of use on this device and only then loads them (separate chunks, outside the first load;
// the switch only once its slot is near the screen).
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
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

/**
 * The on/off switch, in a slot of fixed height so its arrival moves nothing. Its code is asked for
 * when the slot comes within half a screen of the viewport (the footer's, on a page read from the
 * top, not at all): the push chunk was the one file a browsing page loaded beyond its first scripts.
 */
export function PushSwitchSlot({ tone, className }: { tone: 'footer' | 'page'; className?: string }) {
  const slot = useRef<HTMLDivElement>(null)
  const [supported, setSupported] = useState(false)
  useEffect(() => {
    const element = slot.current
    if (!element || !pushSupported()) return
    let current = true
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        near.disconnect()
        void navigator.serviceWorker.ready.then(() => current && setSupported(true))
      },
      { rootMargin: '50% 0px' },
    )
    near.observe(element)
    return () => {
      current = false
      near.disconnect()
    }
  }, [])
  return (
    <div ref={slot} className={className}>
      {supported && (
        <Suspense fallback={null}>
          <PushSwitch tone={tone} />
        </Suspense>
      )}
    </div>
  )
}
