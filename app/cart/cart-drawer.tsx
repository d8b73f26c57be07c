// The header's cart button and its drawer (spec section 2). Without JavaScript the button is a plain
// link to /checkout, which shows the same cart; with it, the button opens the drawer, whose code and
// cart (the page itself knows only the count, docs/decisions/017-page-cache.md) are fetched the first
// time a shopper reaches for the button. The cart's fetcher is asked again after every cart change.
import { ShoppingCart } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { localize } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import type { CartAnswer, CartBadge } from './cart-session.server.ts'
import { itemCountLabel } from './item-count.ts'

const loadPanel = () => import('./cart-drawer-panel.tsx')
const CartDrawerPanel = lazy(loadPanel)
/** The drawer's cart, shared by every page's header. */
const CART_VIEW_FETCHER = 'cart-view'

export function CartDrawer({ cart, signedIn }: { cart: CartBadge; signedIn: boolean }) {
  const view = useFetcher<CartAnswer>({ key: CART_VIEW_FETCHER })
  // Asked once; React Router asks again after each cart change.
  const asked = useRef(false)
  const reach = () => {
    void loadPanel()
    if (asked.current || view.data) return
    asked.current = true
    void view.load(localize('/cart?view'))
  }
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
          reach()
          setWanted(true)
          setOpen(true)
        }}
        // Fetch the panel's code and the cart as soon as a shopper heads for the button.
        onPointerEnter={reach}
        onTouchStart={reach}
        onFocus={reach}
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
          <CartDrawerPanel
            answer={view.data}
            itemCount={cart.itemCount}
            signedIn={signedIn}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={button}
          />
        </Suspense>
      )}
    </>
  )
}
