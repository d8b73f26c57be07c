// A cart form: a plain POST to /cart that works without JavaScript (the action then redirects to
// /checkout), sent by a fetcher once the page is hydrated, with the spec's toasts for the answer.
import { type FormEvent, type ReactNode, useId, useRef } from 'react'
import { useFetcher } from 'react-router'
import { localize } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { preloadToasts, toast } from '#app/ui/toast.tsx'
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

/**
 * The spec's toasts for the cart forms' answers, except a quiet form's success; rendered once, in the
 * page frame. While the drawer is open, it says them (ToastNotices).
 */
export function CartToasts() {
  const fetcher = useFetcher<CartResult>({ key: CART_FETCHER })
  const quiet = useRef(false)
  if (fetcher.formData) quiet.current = fetcher.formData.get(QUIET_FIELD) === '1'
  useNewAnswer(fetcher.data, (result) => {
    if (!result.ok) toast.error(result.title || m.order_error_title(), { description: result.message })
    else if (!quiet.current && result.title) toast.success(result.title, { description: result.message })
  })
  return null
}
