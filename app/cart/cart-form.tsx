// A cart form: a plain POST to /cart that works without JavaScript (the action then redirects to
// /checkout), sent by a fetcher once the page is hydrated, with the spec's toasts for the answer.
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { localize } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { cn } from '#app/ui/cn.ts'
import { preloadToasts, TOAST_MS, toast } from '#app/ui/toast.tsx'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import { type CartResult, ENHANCED_FIELD } from './cart-form.ts'

/**
 * One fetcher for every cart form, read by CartToasts in the page frame: the answer must outlive the
 * form that asked (removing a line unmounts that line's Remove button before the answer is shown).
 */
const CART_FETCHER = 'cart'
/** Which form sent the change (for its busy state), and whether its success is shown. */
const FORM_FIELD = 'cart-form'
const QUIET_FIELD = 'quiet'

export function CartForm({
  children,
  className,
  quiet = false,
}: {
  children: (busy: boolean) => ReactNode
  className?: string
  /** No toast on success (quantity steps). */
  quiet?: boolean
}) {
  const id = useId()
  const fetcher = useFetcher<CartResult>({ key: CART_FETCHER })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter)
    form.set(ENHANCED_FIELD, '1')
    form.set(FORM_FIELD, id)
    if (quiet) form.set(QUIET_FIELD, '1')
    else preloadToasts() // in step with the answer, which comes with a toast
    void fetcher.submit(form, { method: 'post', action: localize('/cart') })
  }

  return (
    <form method="post" action={localize('/cart')} onSubmit={submit} className={className}>
      {children(fetcher.state !== 'idle' && fetcher.formData?.get(FORM_FIELD) === id)}
    </form>
  )
}

/** Marks the open drawer, so answers are said in it rather than in a toast over its lines. */
export const CART_DRAWER_ATTRIBUTE = 'data-cart-drawer'

/** Calls `onAnswer` for each answer to a cart form, except a quiet form's success. */
function useCartAnswer(onAnswer: (result: CartResult) => void, options?: { fromNowOn: boolean }) {
  const fetcher = useFetcher<CartResult>({ key: CART_FETCHER })
  const quiet = useRef(false)
  if (fetcher.formData) quiet.current = fetcher.formData.get(QUIET_FIELD) === '1'
  useNewAnswer(
    fetcher.data,
    (result) => {
      if (!result.ok || (!quiet.current && result.title)) onAnswer(result)
    },
    options,
  )
}

/**
 * The spec's toasts for the cart forms' answers; rendered once, in the page frame. While the drawer
 * is open, CartDrawerNotice says them instead: on a phone the drawer is the whole screen, and a toast
 * covered its first line and that line's buttons.
 */
export function CartToasts() {
  useCartAnswer((result) => {
    if (document.querySelector(`[${CART_DRAWER_ATTRIBUTE}][data-state="open"]`)) return
    if (!result.ok) toast.error(result.title || m.order_error_title(), { description: result.message })
    else toast.success(result.title, { description: result.message })
  })
  return null
}

/** The answers to the changes made in the open drawer, under its header, each for as long as a toast. */
export function CartDrawerNotice() {
  const [shown, setShown] = useState<CartResult | null>(null)
  // An answer given before the drawer opened has had its toast already; a toast still showing goes.
  useCartAnswer(setShown, { fromNowOn: true })
  useEffect(() => {
    toast.dismiss()
  }, [])

  useEffect(() => {
    if (!shown) return
    const timer = setTimeout(() => setShown(null), TOAST_MS)
    return () => clearTimeout(timer)
  }, [shown])

  return (
    <div role="status" className="empty:hidden">
      {shown && (
        <p
          className={cn(
            'mx-4 mt-3 rounded-md border px-3 py-2 text-sm',
            shown.ok ? 'border-success/40 bg-card' : 'border-destructive/40 bg-destructive/10 text-destructive',
          )}
        >
          <span className="font-semibold">{shown.title || m.order_error_title()}</span> · {shown.message}
        </p>
      )}
    </div>
  )
}
