// Toasts for the whole shop. Sonner (about 10 KB gzipped) is loaded the first time a page shows a
// toast, not with every page: `toast()` asks for it and queues the toast, and <Toasts /> in the page
// frame mounts the Toaster, which shows the queue as soon as it listens. Toasts sit over the page
// (fixed), so their late arrival moves nothing.
import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { ExternalToast, toast as sonnerToast } from 'sonner'

type Sonner = typeof sonnerToast

/** How long a toast stays (spec section 9). */
export const TOAST_MS = 5000
type Call = (sonner: Sonner) => void

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
  if (host) return host(notice)
  const { kind, title, options } = notice
  run((s) => (kind === 'plain' ? s(title, options) : s[kind](title, options)))
}

/** Sonner's `toast`, as the shop uses it: a plain toast, a success, an error, or none. */
export const toast = Object.assign(
  (title: string, options?: ExternalToast) => show({ kind: 'plain', title, options }),
  {
    success: (title: string, options?: ExternalToast) => show({ kind: 'success', title, options }),
    error: (title: string, options?: ExternalToast) => show({ kind: 'error', title, options }),
    dismiss: () => (sonner ? sonner.dismiss() : void queued.splice(0)),
  },
)

/**
 * Takes the toasts while an open dialog shows them itself (DialogNotice): on a phone a toast sits over
 * the dialog's header, where it hid the order number. Returns the way to give them back; a notice
 * still showing when the dialog closes stays for the rest of its time as a toast (the success that
 * closed the dialog is seen).
 */
export function hostNotices(host: (notice: Notice) => void): (showing: Notice | null, leftMs: number) => void {
  noticeHosts.push(host)
  // A toast already up would cover the dialog's header.
  toast.dismiss()
  return (showing, leftMs) => {
    noticeHosts.splice(noticeHosts.indexOf(host), 1)
    if (showing && leftMs > 0) show({ ...showing, options: { ...showing.options, duration: leftMs } })
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
