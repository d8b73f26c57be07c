// The toasts asked for while a dialog or the cart drawer is open, said inside it under its header:
// on a phone a toast sat over the header (a dialog's order number and close button, the drawer's
// first line and its buttons).
import { useEffect, useRef, useState } from 'react'
import { cn } from './cn.ts'
import { hostNotices, type Notice, TOAST_MS } from './toast.tsx'

/** A few at once: a new-order alert must not wipe the delivery OTP the owner is reading out. */
const MOST_SHOWN = 3

interface Shown {
  notice: Notice
  until: number
}

const live = (shown: Shown[]) => shown.filter(({ until }) => until > Date.now())

/** Says each toast for as long as it would stay, newest first; a newer one with its title replaces it. */
export function ToastNotices({ className }: { className?: string }) {
  const [shown, setShown] = useState<Shown[]>([])
  // Read when the dialog closes, which can unmount this before it renders the last notice.
  const showing = useRef<Shown[]>([])
  useEffect(() => {
    const release = hostNotices((notice) => {
      const others = live(showing.current).filter((old) => old.notice.title !== notice.title)
      const duration = notice.options?.duration ?? TOAST_MS
      showing.current = [{ notice, until: Date.now() + duration }, ...others].slice(0, MOST_SHOWN)
      setShown(showing.current)
    })
    return () =>
      release(
        live(showing.current).map(({ notice, until }) => ({
          ...notice,
          options: { ...notice.options, duration: until - Date.now() },
        })),
      )
  }, [])
  useEffect(() => {
    if (shown.length === 0) return
    const timer = setTimeout(
      () => {
        showing.current = live(showing.current)
        setShown(showing.current)
      },
      Math.min(...shown.map(({ until }) => until)) - Date.now(),
    )
    return () => clearTimeout(timer)
  }, [shown])

  // Empty, the region stays in the accessibility tree (a live region shown with its text already in
  // is not always read out), out of the layout's flow.
  return (
    <div role="status" className={cn('empty:absolute', className)}>
      {shown.length > 0 && (
        <ul className="grid gap-2">
          {shown.map(({ notice: { kind, title, options } }) => (
            <li
              key={title}
              className={cn(
                'rounded-md border px-3 py-2 text-sm',
                kind === 'error'
                  ? 'border-destructive/40 bg-destructive/10 text-destructive'
                  : kind === 'success'
                    ? 'border-success/40 bg-card'
                    : 'bg-card',
              )}
            >
              <p className="font-semibold">{title}</p>
              {options?.description && (
                <p>{typeof options.description === 'function' ? options.description() : options.description}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
