// Toasts for the whole shop. Sonner (about 10 KB gzipped) is loaded the first time a page shows a
// toast, not with every page: `toast()` asks for it and queues the toast, and <Toasts /> in the page
// frame mounts the Toaster, which shows the queue as soon as it listens. Toasts sit over the page
// (fixed), so their late arrival moves nothing. While a dialog or the cart drawer is open, it says them
// (hostNotices).
import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { ExternalToast, toast as sonnerToast } from 'sonner'

type Sonner = typeof sonnerToast
type Call = (sonner: Sonner) => void

/** How long a toast stays (spec section 9). */
export const TOAST_MS = 5000

let sonner: Sonner | null = null
const queued: Call[] = []
let wanted = false
const listeners = new Set<() => void>()

const loadToaster = () => import('./sonner.tsx')
const Toaster = lazy(loadToaster)

function run(call: Call) {
  if (sonner) return call(sonner)
  queued.push(call)
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

/** Called by the Toaster once it listens: shows the toasts asked for while it was loading. */
export function toasterListening(loaded: Sonner) {
  sonner = loaded
  for (const call of queued.splice(0)) call(loaded)
}

/** A toast as asked for: said by Sonner, or by the open dialog's notice. */
export interface Notice {
  kind: 'plain' | 'success' | 'error'
  title: string
  options?: ExternalToast
}

/** The notices of the open dialogs, the last opened on top: a toast goes to it rather than over it. */
const noticeHosts: ((notice: Notice) => void)[] = []

function show(notice: Notice) {
  const host = noticeHosts.at(-1)
  if (host) host(notice)
  else toSonner(notice)
}

function toSonner({ kind, title, options }: Notice) {
  run((s) => (kind === 'plain' ? s(title, options) : s[kind](title, options)))
}

/** Sonner's `toast`, as the shop uses it: a plain toast, a success or an error. */
export const toast = Object.assign(
  (title: string, options?: ExternalToast) => show({ kind: 'plain', title, options }),
  {
    success: (title: string, options?: ExternalToast) => show({ kind: 'success', title, options }),
    error: (title: string, options?: ExternalToast) => show({ kind: 'error', title, options }),
  },
)

/**
 * Takes the toasts while an open dialog or the cart drawer says them itself (ToastNotices): on a phone
 * a toast sat over its header. Returns the way to give them back, with the notices still showing:
 * those that are not refusals stay as toasts for the rest of their time (the success that closed the
 * dialog is seen; a refusal was about the dialog, which the owner has left).
 */
export function hostNotices(host: (notice: Notice) => void): (showing: Notice[]) => void {
  noticeHosts.push(host)
  // A toast already up would cover the header. One still loading is shown when it comes.
  sonner?.dismiss()
  return (showing) => {
    noticeHosts.splice(noticeHosts.indexOf(host), 1)
    for (const notice of showing) if (notice.kind !== 'error') toSonner(notice)
  }
}

/** Fetches sonner ahead of a toast that is about to be asked for (a form being sent). */
export function preloadToasts() {
  void loadToaster()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The toast area, mounted with the first toast. */
export function Toasts() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
  return shown ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}

/** What a form or an action answers the page: success or refusal, in the spec's toast words. */
export interface ToastAnswer {
  ok: boolean
  title: string
  message: string
}

/** Shows an answer as a toast: an ordinary one for success, the red one for a refusal. */
export function toastAnswer({ ok, title, message }: ToastAnswer) {
  if (ok) toast(title, { description: message })
  else toast.error(title, { description: message })
}
