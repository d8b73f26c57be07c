// A request the shop never answered (the phone lost its connection on the way): the page says so,
// instead of 'Something went wrong'. On /checkout the order may have been placed before the answer was
// lost; reloading shows it (decision 007: a cart and a checkout form each make one order at most).
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { pathWithoutLocale } from '#app/i18n/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'

/** Whether an error is the browser's failed fetch (no answer at all), in Chrome, Firefox or Safari. */
export function isConnectionLost(error: unknown): boolean {
  return (
    error instanceof TypeError && /failed to fetch|networkerror|load failed|network connection/i.test(error.message)
  )
}

export function ConnectionLost() {
  const { pathname } = useLocation()
  const heading = useRef<HTMLHeadingElement>(null)
  const checkout = pathWithoutLocale(pathname) === '/checkout'
  // The page was scrolled to the button that failed: the message is shown from its top.
  useEffect(() => {
    window.scrollTo(0, 0)
    heading.current?.focus()
  }, [])
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
        {m.connection_lost_title()}
      </h1>
      <p className="mt-4 text-muted-foreground">{checkout ? m.connection_lost_order() : m.connection_lost_text()}</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        {m.reload_page()}
      </Button>
    </div>
  )
}
