// A cart form: a plain POST to /cart that works without JavaScript (the action then redirects to
// /checkout), sent by a fetcher once the page is hydrated, with the spec's toasts for the answer.
import { type FormEvent, type ReactNode, useEffect } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import { type CartResult, ENHANCED_FIELD } from './cart-form.ts'

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
  const fetcher = useFetcher<CartResult>()
  const result = fetcher.data
  useEffect(() => {
    if (!result) return
    if (!result.ok) toast.error(result.title || 'Error', { description: result.message })
    else if (!quiet && result.title) toast.success(result.title, { description: result.message })
  }, [result, quiet])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter)
    form.set(ENHANCED_FIELD, '1')
    void fetcher.submit(form, { method: 'post', action: '/cart' })
  }

  return (
    <form method="post" action="/cart" onSubmit={submit} className={className}>
      {children(fetcher.state !== 'idle')}
    </form>
  )
}
