// A part of a page that React hydrates only when it is about to be used, so that its code is not
// among the scripts the page loads first (docs/decisions/018-lean-shop-pages.md, round seven). The
// server renders the part as usual (its HTML is the page's, with or without JavaScript); in the
// browser React keeps that HTML in place (a Suspense boundary whose code is not there yet) until the
// part's code is asked for:
// - 'near' (the default): when the part comes within half a screen of the viewport, or a pointer or
//   focus goes into it;
// - 'used': when a pointer or focus goes into it (a part on the screen from the start);
// - 'rendered': a part that only shows; never, unless the page renders it again;
// and in every case when the page renders it again (new loader data, a navigation: the update waits
// for the code), when `soon()` says so once the page has hydrated, and at once on a page rendered
// after that (a client-side navigation). A form in the part sent before its code has arrived is held
// and sent again once the part has hydrated (or, if the code cannot come, as a plain form). The
// service worker precaches what the browsing pages load later (app/pwa/precache-list.ts).
import { type ComponentType, createElement, Suspense, use, useEffect, useRef } from 'react'

/** Set by the root once the page has hydrated: a part rendered after that loads at once. */
let pageHydrated = false
export function markPageHydrated() {
  pageHydrated = true
}

interface LaterOptions {
  when?: 'near' | 'used' | 'rendered'
  /** Whether to fetch the code as soon as the page has hydrated (the part has work to do at once). */
  soon?: () => boolean
}

/** A part's code, loaded once and shared by every place it is rendered. */
export interface LaterPart<Props extends object> {
  options: LaterOptions
  /** Fetches the code (once; again after a failure): whether it came. */
  start: () => Promise<boolean>
  /** The component, once its code has arrived. */
  component?: ComponentType<Props>
  /** Settles when the code has arrived; stays pending if it never does (offline). */
  ready: Promise<void>
}

export function laterPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  options: LaterOptions = {},
): LaterPart<Props> {
  let loading: Promise<boolean> | undefined
  let arrived = () => {}
  const part: LaterPart<Props> = {
    options,
    start: () =>
      (loading ??= load().then(
        (loaded) => {
          part.component = loaded
          // Marked as React marks a promise it has seen settle, so that `use` returns at once from then on.
          Object.assign(part.ready, { status: 'fulfilled', value: undefined })
          arrived()
          return true
        },
        // Asked again on the next occasion (a chunk that could not load, say offline).
        () => {
          loading = undefined
          return false
        },
      )),
    ready: new Promise((resolve) => {
      arrived = resolve
    }),
  }
  return part
}

/** The part's code, or suspends until it has arrived; `onHydrated` once it is React's. */
function Deferred<Props extends object>({
  part,
  props,
  onHydrated,
}: {
  part: LaterPart<Props>
  props: Props
  onHydrated: () => void
}) {
  // On the server the part renders at once (the page is rendered whole before it is sent).
  if (typeof document === 'undefined') void part.start()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the part has become React's
  useEffect(onHydrated, [])
  // Always asked (React's rule for `use`): suspends until the code has arrived, then returns at once.
  use(part.ready)
  return createElement(part.component!, props)
}

const USE_EVENTS = ['pointerdown', 'focusin']

/** Renders `part` with `props`: on the server at once, in the browser hydrated later (see above). */
export function Later<Props extends object>({ part, props }: { part: LaterPart<Props>; props: Props }) {
  const box = useRef<HTMLDivElement>(null)
  const rendered = useRef(false)
  /** Whether the part is not React's yet; called once it is (null from then on). */
  const hydrating = useRef<(() => void) | null>(() => {})
  // Rendered again after hydrating, or on a page the router renders (the navigation waits for it).
  if (rendered.current || pageHydrated) void part.start()
  useEffect(() => {
    rendered.current = true
    const element = box.current
    const { when = 'near', soon } = part.options
    if (!element || when === 'rendered' || !hydrating.current) return
    const start = () => void part.start()
    if (soon?.()) start()
    const seen =
      when === 'near' &&
      new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
        rootMargin: '50% 0px',
      })
    if (seen) seen.observe(element)
    const hydrated = new Promise<void>((resolve) => {
      hydrating.current = resolve
    })
    let plain = false
    const hold = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement
      if (plain || !hydrating.current) return
      event.preventDefault()
      void part.start().then(async (came) => {
        if (came) await hydrated
        plain = !came
        form.requestSubmit(event.submitter)
      })
    }
    // On the window, before React's own listeners on the document: React stops a pointer or focus
    // event whose target is in a part it has not hydrated yet.
    const used = (event: Event) => element.contains(event.target as Node) && start()
    for (const name of USE_EVENTS) window.addEventListener(name, used, { capture: true, passive: true })
    element.addEventListener('submit', hold)
    return () => {
      if (seen) seen.disconnect()
      for (const name of USE_EVENTS) window.removeEventListener(name, used, { capture: true })
      element.removeEventListener('submit', hold)
    }
  }, [part])
  return (
    <div ref={box}>
      <Suspense>
        <Deferred
          part={part}
          props={props}
          onHydrated={() => {
            hydrating.current?.()
            hydrating.current = null
          }}
        />
      </Suspense>
    </div>
  )
}
