// The checkout page's other states, loaded with the page: an empty cart (or the order just placed from
// it) and an unpaid online order to pay again. The delivery form itself (checkout-page.tsx) is
// hydrated once the shopper starts on it (app/shell/hydrate-later.tsx).
import { CircleAlert, ShoppingCart } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { useNavigation } from 'react-router'
import { Form, Link } from '#app/i18n/links.tsx'
import { pathWithoutLocale } from '#app/i18n/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { ShopPhoneLink } from '#app/settings/shop-phone-link.tsx'
import { formatRupees } from '#app/shared/money.ts'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { toast } from '#app/ui/toast.tsx'

/**
 * An empty cart; `justPlaced`: the order this browser placed from it a moment ago, with the page that
 * shows it or pays for it while it is unpaid.
 */
export function EmptyCheckout({
  justPlaced = null,
}: {
  justPlaced?: { number: string; path: string; unpaid: boolean } | null
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  // Back from the payment's page, the browser restores the scroll of the long form, which put this
  // short page's footer on the screen: the notice is shown from the top, as ConnectionLost does.
  const placed = justPlaced?.number
  useEffect(() => {
    if (!placed) return
    window.scrollTo(0, 0)
    heading.current?.focus()
  }, [placed])
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <ShoppingCart className="size-14 text-muted-foreground/60" aria-hidden />
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
        {m.cart_empty()}
      </h1>
      <p className="text-muted-foreground">
        {justPlaced === null
          ? m.checkout_empty_text()
          : justPlaced.unpaid
            ? m.checkout_just_placed_unpaid({ number: justPlaced.number })
            : m.checkout_just_placed({ number: justPlaced.number })}
      </p>
      {justPlaced && (
        <Button asChild size="lg">
          <Link to={justPlaced.path}>
            {justPlaced.unpaid ? m.checkout_complete_payment() : m.checkout_view_order()}
          </Link>
        </Button>
      )}
      <Button asChild size="lg" variant={justPlaced ? 'outline' : undefined}>
        <Link to="/products">{m.continue_shopping()}</Link>
      </Button>
    </div>
  )
}

export function CheckoutAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="alert" className="mb-6 flex gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4">
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      <div>
        <p className="font-semibold text-destructive">{title}</p>
        <p className="mt-1 text-sm">{children}</p>
      </div>
    </div>
  )
}

/** Whether a form of this page is being submitted (its action keeps the page's query, e.g. ?orderId=). */
export function useCheckoutSubmitting(): boolean {
  const navigation = useNavigation()
  // Under /hi on a Hindi page.
  const action = navigation.formAction?.split('?')[0]
  return navigation.state !== 'idle' && action !== undefined && pathWithoutLocale(action) === '/checkout'
}

/** An unpaid online order: pay again (after a failed or abandoned payment). */
export function PayAgain({
  order,
  error,
}: {
  order: { id: string; number: string; total: number }
  error: string | null
}) {
  const processing = useCheckoutSubmitting()
  useEffect(() => {
    if (error) toast.error(m.checkout_payment_error(), { description: error })
  }, [error])
  return (
    <div className="mx-auto max-w-xl px-4 pt-6 pb-16">
      <h1 className="text-3xl font-bold sm:text-4xl">{m.checkout_complete_payment()}</h1>
      {error && (
        <div className="mt-6">
          <CheckoutAlert title={m.checkout_payment_error()}>{error}</CheckoutAlert>
        </div>
      )}
      <Card className="mt-6">
        <CardContent className="space-y-4 p-5 sm:p-6">
          <p>
            {m.checkout_unpaid_before()} <span className="font-mono font-bold text-brown">#{order.number}</span>{' '}
            {m.checkout_unpaid_after()}
          </p>
          <p className="text-2xl font-bold text-brown">{formatRupees(order.total)}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="pay-again" />
            <input type="hidden" name="orderId" value={order.id} />
            <Button type="submit" size="lg" className="w-full" disabled={processing}>
              {processing ? m.checkout_processing() : m.checkout_try_again()}
            </Button>
          </Form>
          <p className="text-sm text-muted-foreground">
            {m.checkout_trouble_before()} <ShopPhoneLink /> {m.checkout_trouble_after()}
          </p>
        </CardContent>
      </Card>
    </div>
  )
}
