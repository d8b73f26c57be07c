// The cart drawer's panel (spec section 2): the cart's lines, the coupon field, the free-delivery
// hint, the totals and the way to checkout, sliding in from the right. Loaded on first use, so pages
// do not carry the dialog's code until a shopper opens the cart.
import { Minus, Plus, ShoppingBag, ShoppingCart, Trash2, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import type { RefObject } from 'react'
import { useFetcher } from 'react-router'
import { productPath } from '#app/catalog/product-card.tsx'
import { sizeName } from '#app/catalog/sizes.ts'
import { withZoneFee } from '#app/checkout/totals.ts'
import type { DeliveryCheck } from '#app/delivery/delivery-check.server.ts'
import { PinCodeBox } from '#app/delivery/pin-code-box.tsx'
import { rememberedPin } from '#app/delivery/remembered-pin.ts'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { formatRupees } from '#app/shared/money.ts'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { ShopImage } from '#app/ui/shop-image.tsx'
import { ToastNotices } from '#app/ui/toast-notices.tsx'
import type { CartLine } from './cart.server.ts'
import { CartForm } from './cart-form.tsx'
import type { CartAnswer, CartView } from './cart-session.server.ts'
import { CartSummary, CouponField } from './cart-summary.tsx'
import { itemCountLabel } from './item-count.ts'

export default function CartDrawerPanel({
  answer,
  itemCount,
  signedIn,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  /** The cart's fetcher's answer: undefined while it is on its way. */
  answer: CartAnswer | undefined
  /** The page's count, until the cart comes. */
  itemCount: number
  signedIn: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocusTo: RefObject<HTMLAnchorElement | null>
}) {
  const cart = answer?.cart
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 motion-safe:data-[state=closed]:animate-out data-[state=closed]:fade-out-0 motion-safe:data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <Dialog.Content
          // Focus goes back to the cart button (there is no Dialog.Trigger: the button is a link without JavaScript).
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-background shadow-xl motion-safe:data-[state=closed]:animate-out data-[state=closed]:slide-out-to-right motion-safe:data-[state=open]:animate-in data-[state=open]:slide-in-from-right"
        >
          <div className="flex items-center justify-between border-b px-4 py-3">
            <Dialog.Title className="flex items-center gap-2 text-xl font-bold">
              <ShoppingBag className="size-5 text-primary" aria-hidden />
              {m.your_cart()}
              <span className="text-base font-normal text-muted-foreground">
                ({itemCountLabel(cart?.itemCount ?? itemCount)})
              </span>
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" className="-mr-2 size-11" aria-label={m.close_cart()}>
                <X className="size-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{m.cart_description()}</Dialog.Description>
          <ToastNotices className="mx-4 mt-3" />
          {!cart ? (
            <p
              role={answer ? 'alert' : 'status'}
              className={cn(
                'flex flex-1 items-center justify-center px-6 text-center',
                answer ? 'font-semibold text-destructive' : 'text-muted-foreground',
              )}
            >
              {answer ? m.cart_failed_to_load() : m.cart_loading()}
            </p>
          ) : cart.lines.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
              <ShoppingCart className="size-12 text-muted-foreground/60" aria-hidden />
              <p className="text-lg font-semibold">{m.cart_empty()}</p>
              <Dialog.Close asChild>
                <Button asChild>
                  <Link to="/products">{m.continue_shopping()}</Link>
                </Button>
              </Dialog.Close>
            </div>
          ) : (
            <>
              {/* The lines, coupon, delivery and totals scroll as one, and the button to checkout stays in
                  place: on most phones (640-800 px tall) the coupon, PIN code box and totals below a
                  scrolling list of lines left the lines a sliver, a stepper cut off. */}
              <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
                <ul className="flex-1 divide-y px-4" aria-label={m.items_in_cart()}>
                  {cart.lines.map((line) => (
                    <li key={`${line.productId}-${line.size}`}>
                      <CartLineItem line={line} />
                    </li>
                  ))}
                </ul>
                <div className="space-y-3 border-t bg-card px-4 pt-3 pb-3">
                  <CouponField coupon={cart.coupon} />
                  <DrawerDelivery cart={cart} />
                  {!signedIn && (
                    <p className="rounded-md bg-secondary/70 px-3 py-2 text-sm text-brown">
                      {m.no_account_before()}{' '}
                      <Link to="/auth" className="font-semibold underline underline-offset-2">
                        {m.no_account_login()}
                      </Link>{' '}
                      {m.no_account_after()}
                    </p>
                  )}
                </div>
              </div>
              <div className="border-t bg-card px-4 pt-3 pb-4">
                <Button asChild size="lg" className="w-full">
                  <Link to="/checkout">{signedIn ? m.proceed_to_checkout() : m.continue_as_guest()}</Link>
                </Button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

const PIN_FETCHER = 'cart-drawer-pin'

/**
 * The PIN code box and the totals with the delivery line for its PIN code: the zone's fee and promise
 * as the server quoted them for the remembered PIN code (root loader) or the one just checked.
 */
function DrawerDelivery({ cart }: { cart: CartView }) {
  const pinCheck = useFetcher<DeliveryCheck>({ key: PIN_FETCHER })
  // The panel is drawn in the browser only. A PIN code checked on this page after it loaded (the
  // product page's box) is newer than the root loader's quote: the box then asks for it.
  const fromServer = cart.delivery?.pin === rememberedPin(document.cookie) ? cart.delivery : null
  const quote = pinCheck.data ? pinCheck.data.quote : fromServer
  const served = quote?.served ? quote : null
  return (
    <>
      <PinCodeBox
        compact
        fetcherKey={PIN_FETCHER}
        initial={fromServer && { pin: fromServer.pin, quote: fromServer, error: null, from: null }}
      />
      <CartSummary
        totals={withZoneFee(cart.totals, served?.extraFee ?? 0)}
        coupon={cart.coupon}
        deliveryLabel={served ? m.cart_delivery_to({ pin: served.pin }) : undefined}
      />
      {!quote && pinCheck.state === 'idle' && (
        <p className="text-xs text-muted-foreground">{m.cart_delivery_depends()}</p>
      )}
    </>
  )
}

function CartLineItem({ line }: { line: CartLine }) {
  const label = `${line.name} (${sizeName(line.size)})`
  return (
    <div className="flex gap-3 py-3">
      <ShopImage
        src={line.imageUrl}
        alt=""
        width={320}
        height={320}
        sizes="64px"
        className="size-16 shrink-0 rounded-lg"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={productPath(line.slug)} className="font-semibold leading-snug hover:text-primary">
              {line.name}
            </Link>
            <p className="text-sm text-muted-foreground">
              {m.each({ size: sizeName(line.size), price: formatRupees(line.unitPrice) })}
            </p>
          </div>
          <CartForm>
            {(busy) => (
              <>
                <input type="hidden" name="productId" value={line.productId} />
                <input type="hidden" name="size" value={line.size} />
                <Button
                  type="submit"
                  name="intent"
                  value="remove"
                  variant="ghost"
                  size="icon"
                  disabled={busy}
                  aria-label={m.remove_item({ item: label })}
                  className="-mt-2 -mr-2 size-11 text-muted-foreground hover:text-destructive"
                >
                  <Trash2 aria-hidden />
                </Button>
              </>
            )}
          </CartForm>
        </div>
        <div className="mt-2 flex items-center justify-between gap-2">
          <QuantityStepper line={line} label={label} />
          <p className="font-bold text-brown">{formatRupees(line.unitPrice * line.quantity)}</p>
        </div>
        {line.problem && <p className="mt-1 text-sm font-medium text-destructive">{line.problem}</p>}
      </div>
    </div>
  )
}

function QuantityStepper({ line, label }: { line: CartLine; label: string }) {
  return (
    <div className="flex items-center rounded-md border bg-card">
      <StepButton line={line} step={-1} label={m.one_less({ item: label })} />
      <span className="min-w-8 text-center font-semibold">
        <span className="sr-only">{m.quantity_of({ item: label })} </span>
        {line.quantity}
      </span>
      <StepButton line={line} step={1} label={m.one_more({ item: label })} disabled={line.quantity >= line.stock} />
    </div>
  )
}

/** Sets the line's quantity one packet lower or higher (0 removes it). */
function StepButton({
  line,
  step,
  label,
  disabled = false,
}: {
  line: CartLine
  step: 1 | -1
  label: string
  disabled?: boolean
}) {
  return (
    <CartForm quiet>
      {(busy) => (
        <>
          <input type="hidden" name="intent" value="set" />
          <input type="hidden" name="productId" value={line.productId} />
          <input type="hidden" name="size" value={line.size} />
          <input type="hidden" name="quantity" value={line.quantity + step} />
          <Button
            type="submit"
            variant="ghost"
            size="icon"
            disabled={busy || disabled}
            aria-label={label}
            className="size-11"
          >
            {step > 0 ? <Plus aria-hidden /> : <Minus aria-hidden />}
          </Button>
        </>
      )}
    </CartForm>
  )
}
