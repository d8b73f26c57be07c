// My Orders' "Order again": a plain POST to the page (it works without JavaScript: the answer comes
// back to the page, which says what happened), sent by a fetcher once the page is hydrated. Its answer
// is said beside the button; React Router then reads the page's loaders again, so the header's cart
// count (and the drawer's cart, once opened) shows the new packets.
import { CircleAlert, RotateCcw, ShoppingBag } from 'lucide-react'
import type { FormEvent } from 'react'
import { useFetcher, useFormAction } from 'react-router'
import { ENHANCED_FIELD } from '#app/cart/cart-form.ts'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import type { AgainNotice } from './order-again.server.ts'
import { ORDER_AGAIN_INTENT } from './order-again-form.ts'
import { orderNumber } from './status.ts'

/** The fetcher of one order's form: the card's and the details' buttons share its answer. */
const fetcherKey = (orderId: string) => `order-again-${orderId}`

export function OrderAgainButton({ orderId, className }: { orderId: string; className?: string }) {
  const fetcher = useFetcher<AgainNotice>({ key: fetcherKey(orderId) })
  // The page's own address, query included: without JavaScript the answer comes back to it.
  const action = useFormAction()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    form.set(ENHANCED_FIELD, '1')
    void fetcher.submit(form, { method: 'post', action })
  }
  return (
    <form method="post" action={action} onSubmit={submit} className={className}>
      <input type="hidden" name="intent" value={ORDER_AGAIN_INTENT} />
      <input type="hidden" name="orderId" value={orderId} />
      <Button
        type="submit"
        variant="outline"
        className="h-11"
        disabled={fetcher.state !== 'idle'}
        aria-label={m.order_again_of({ number: orderNumber(orderId) })}
      >
        <RotateCcw aria-hidden />
        {fetcher.state !== 'idle' ? m.order_again_busy() : m.order_again()}
      </Button>
    </form>
  )
}

/** The answer to this order's form (with JavaScript), said where the button is. */
export function OrderAgainAnswer({ orderId }: { orderId: string }) {
  const fetcher = useFetcher<AgainNotice>({ key: fetcherKey(orderId) })
  return fetcher.data ? <OrderAgainNotice notice={fetcher.data} /> : null
}

/** What "Order again" did: how many packets went into the cart, and what changed since that order. */
export function OrderAgainNotice({ notice, className }: { notice: AgainNotice; className?: string }) {
  return (
    <div
      role={notice.ok ? 'status' : 'alert'}
      className={cn(
        'flex gap-3 rounded-lg border p-4 text-sm',
        notice.ok ? 'border-success/40 bg-success/10' : 'border-destructive/40 bg-destructive/10',
        className,
      )}
    >
      {notice.ok ? (
        <ShoppingBag className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
      ) : (
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <p className={cn('font-semibold', !notice.ok && 'text-destructive')}>{notice.title}</p>
        <p>{notice.message}</p>
        {notice.notes.length > 0 && (
          <ul className="list-disc space-y-1 pl-5">
            {notice.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
        {notice.ok && (
          <Button asChild className="h-11">
            <Link to="/checkout">{m.proceed_to_checkout()}</Link>
          </Button>
        )}
      </div>
    </div>
  )
}
