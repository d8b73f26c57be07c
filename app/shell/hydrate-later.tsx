// A part of a page that React hydrates only when it is about to be used: the product page's reviews
// and PIN-code box, whose code is then not among the scripts the page loads first. The server renders
// the part as usual (its HTML is the page's, with or without JavaScript); in the browser the part's
// code is fetched when the part comes within half a screen of the viewport, when a pointer or focus
// goes into it, when the page renders again (React Router's state changing: the update waits for the
// code), or at once when `soon()` says so. Until then React keeps the server's HTML in place (a
// Suspense boundary whose code is not there yet), and a form in it still posts without React. The
// service worker precaches these parts' chunk (`later` in app/shell/shop-chunks.ts), so they work
// offline on a page visited before.
import { type ComponentType, createElement, Suspense, use, useEffect, useRef } from 'react'

/** Set by the root once the page has hydrated: a part rendered after that (a client-side navigation) loads at once. */
let pageHydrated = false
export function markPageHydrated() {
  pageHydrated = true
}

interface LaterOptions {
  /** Whether to fetch the code as soon as the page has hydrated (the part has work to do at once). */
  soon?: () => boolean
  /** The part only shows (nothing in it reacts): its code is fetched only when the page renders it again. */
  static?: boolean
}

/** A part's code, loaded once and shared by every place it is rendered. */
export interface LaterPart<Props extends object> {
  options: LaterOptions
  /** Fetches the code (once; again after a failure). */
  start: () => void
  /** The component, once its code has arrived. */
  component: () => ComponentType<Props> | undefined
  /** Settles when the code has arrived; stays pending if it never does (offline). */
  ready: Promise<void>
}

export function laterPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  options: LaterOptions = {},
): LaterPart<Props> {
  let component: ComponentType<Props> | undefined
  let loading: Promise<unknown> | undefined
  let arrived: () => void = () => {}
  const ready = new Promise<void>((resolve) => {
    arrived = resolve
  })
  const start = () => {
    loading ??= load().then(
      (loaded) => {
        component = loaded
        arrived()
      },
      // Asked again on the next occasion (a chunk that could not load, say offline).
      () => {
        loading = undefined
      },
    )
  }
  return { options, start, component: () => component, ready }
}

/** The part's code, or suspends until it has arrived. */
function Deferred<Props extends object>({ part, props }: { part: LaterPart<Props>; props: Props }) {
  // On the server the part renders at once (the page is rendered whole before it is sent).
  if (typeof document === 'undefined') part.start()
  const component = part.component()
  if (!component) use(part.ready)
  return createElement(component ?? part.component()!, props)
}

/** Renders `part` with `props`: on the server at once, in the browser hydrated later (see above). */
export function Later<Props extends object>({ part, props }: { part: LaterPart<Props>; props: Props }) {
  const box = useRef<HTMLDivElement>(null)
  const hydrated = useRef(false)
  // Rendered again after hydrating, or on a page the router renders (the navigation waits for it).
  if (hydrated.current || pageHydrated) part.start()
  useEffect(() => {
    hydrated.current = true
    const element = box.current
    if (part.component() || !element || part.options.static) return
    if (part.options.soon?.()) return part.start()
    const seen = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && part.start(), {
      rootMargin: '50% 0px',
    })
    seen.observe(element)
    const events = ['pointerdown', 'pointerover', 'focusin'] as const
    for (const event of events) element.addEventListener(event, part.start, { once: true, passive: true })
    return () => {
      seen.disconnect()
      for (const event of events) element.removeEventListener(event, part.start)
    }
  }, [part])
  return (
    <div ref={box}>
      <Suspense>
        <Deferred part={part} props={props} />
      </Suspense>
    </div>
  )
}
