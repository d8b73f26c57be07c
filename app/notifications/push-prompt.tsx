// The small, always-loaded part of push on shop pages: it decides whether the banner or the switch
// can be of use on this device and only then loads them (separate chunks, outside the first load).
import { lazy, Suspense, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { bannerAllowedOn, bannerSeen, pushSupported } from './push-support.ts'

const PushBanner = lazy(() => import('./push-banner.tsx'))
const PushSwitch = lazy(() => import('./push-switch.tsx'))

/** The banner, where the spec shows it: push works, not seen yet, online, and not a task page. */
export function PushPrompt() {
  const { pathname } = useLocation()
  const [eligible, setEligible] = useState(false)
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
  if (!eligible || !bannerAllowedOn(pathname)) return null
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
