import { Menu, X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { CartDrawer } from '#app/cart/cart-drawer.tsx'
import type { CartBadge } from '#app/cart/cart-session.server.ts'
import { LanguageSwitch } from '#app/i18n/language-switch.tsx'
import { Form, Link, NavLink } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { cn } from '#app/ui/cn.ts'
import { Logo } from './logo.tsx'
import { NAV_LINKS } from './nav-links.ts'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-semibold transition-colors hover:bg-secondary hover:text-brown',
    isActive ? 'text-primary' : 'text-foreground/80',
  )

/** What the header knows of the visitor: public facts only. */
export interface HeaderUser {
  name: string
  isAdmin: boolean
}

/** 'My Orders' (and the account page) only when signed in (spec section 2, shared frame). */
function navLinks(user: HeaderUser | null) {
  return user
    ? [...NAV_LINKS, { to: '/my-orders', label: m.nav_my_orders }, { to: '/account', label: m.nav_account }]
    : NAV_LINKS
}

export function SiteHeader({
  shopName,
  user = null,
  cart = null,
}: {
  shopName: string
  user?: HeaderUser | null
  /** Null while the shop is a showcase (no ordering). */
  cart?: CartBadge | null
}) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo shopName={shopName} />
        <nav aria-label={m.nav_main()} className="hidden items-center gap-1 xl:flex">
          {navLinks(user).map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={linkClass}>
              {link.label()}
            </NavLink>
          ))}
          <LoginToggle user={user} className="ml-2 px-4 py-2 text-sm" />
        </nav>
        <div className="flex items-center gap-1">
          {/* Below desktop width it is in the menu with the links (a signed-in visitor's need about 1150 px). */}
          <LanguageSwitch className="hidden xl:flex" />
          {cart && <CartDrawer cart={cart} signedIn={user !== null} />}
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  )
}

/** Login goes to /auth; Logout is a POST that ends the session on the server. */
function LoginToggle({ user, className }: { user: HeaderUser | null; className?: string }) {
  const style = cn('rounded-md bg-primary font-semibold text-primary-foreground hover:bg-primary/90', className)
  if (!user) {
    return (
      <Link to="/auth" className={style}>
        {m.header_login()}
      </Link>
    )
  }
  return (
    <Form method="post" action="/logout" className="contents">
      <button type="submit" className={cn(style, 'cursor-pointer')}>
        {m.header_logout()}
      </button>
    </Form>
  )
}

/** A disclosure, so the menu opens with or without JavaScript; it closes after a navigation. */
function MobileMenu({ user }: { user: HeaderUser | null }) {
  const details = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  // Only a navigation closes it: a menu opened before the JavaScript arrived stays open on hydration.
  const shownAt = useRef(location.key)
  useEffect(() => {
    if (shownAt.current === location.key) return
    shownAt.current = location.key
    if (details.current) details.current.open = false
  }, [location.key])

  return (
    <details ref={details} className="group xl:hidden">
      <summary
        className="flex size-11 cursor-pointer list-none items-center justify-center rounded-md hover:bg-secondary [&::-webkit-details-marker]:hidden"
        aria-label={m.header_menu()}
      >
        <Menu className="size-6 group-open:hidden" aria-hidden />
        <X className="hidden size-6 group-open:block" aria-hidden />
      </summary>
      <nav
        aria-label={m.nav_mobile()}
        className="absolute inset-x-0 top-16 flex flex-col gap-1 border-b bg-background px-4 pt-2 pb-4 shadow-lg"
      >
        {navLinks(user).map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end={link.to === '/'}
            className={(state) => cn(linkClass(state), 'py-3 text-base')}
          >
            {link.label()}
          </NavLink>
        ))}
        <LanguageSwitch className="px-1.5 text-base" />
        <LoginToggle user={user} className="mt-2 block w-full px-4 py-3 text-center text-base" />
      </nav>
    </details>
  )
}
