// The header's cart button and its drawer (spec section 2). Without JavaScript the button is a plain
// link to /checkout, which shows the same cart; with it, the button opens the drawer, whose code is
// loaded the first time a shopper reaches for the button.
import { ShoppingCart } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { localize } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import type { CartView } from './cart-session.server.ts'
import { itemCountLabel } from './item-count.ts'

const loadPanel = () => import('./cart-drawer-panel.tsx')
const CartDrawerPanel = lazy(loadPanel)

export function CartDrawer({ cart, signedIn }: { cart: CartView; signedIn: boolean }) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const button = useRef<HTMLAnchorElement>(null)
  const location = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (e.g. to checkout) closes the drawer
  useEffect(() => setOpen(false), [location.key])

  return (
    <>
      <a
        ref={button}
        href={localize('/checkout')}
        onClick={(event) => {
          event.preventDefault()
          setWanted(true)
          setOpen(true)
        }}
        // Fetch the panel's code as soon as a shopper heads for the button.
        onPointerEnter={loadPanel}
        onTouchStart={loadPanel}
        onFocus={loadPanel}
        className="relative flex size-11 items-center justify-center rounded-md text-brown hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
        aria-label={m.cart_button({ items: itemCountLabel(cart.itemCount) })}
      >
        <ShoppingCart className="size-6" aria-hidden />
        {cart.itemCount > 0 && (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-bold text-primary-foreground"
          >
            {cart.itemCount > 99 ? '99+' : cart.itemCount}
          </span>
        )}
      </a>
      {wanted && (
        <Suspense fallback={null}>
          <CartDrawerPanel cart={cart} signedIn={signedIn} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  )
}
