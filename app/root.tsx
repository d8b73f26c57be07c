import { type ReactNode, useEffect } from 'react'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from 'react-router'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import type { Route } from './+types/root'
import { getViewer } from './accounts/session.server.ts'
import { CartToasts } from './cart/cart-form.tsx'
import { type CartBadge, loadCartBadge } from './cart/cart-session.server.ts'
import { DevanagariFont } from './i18n/devanagari-font.tsx'
import { localeMiddleware } from './i18n/locale.server.ts'
import { HTML_LANG, pathWithoutLocale } from './i18n/locale.ts'
import { getLocale } from './i18n/page-locale.ts'
import { PushPrompt } from './notifications/push-prompt.tsx'
import { isInputRefusalText } from './platform/input-texts.ts'
import { refuseUnreadableInput } from './platform/request-input.server.ts'
import { requestContext, servicesContext } from './platform/services.server.ts'
import { OfflineNotice } from './pwa/offline-notice.tsx'
import { registerServiceWorker } from './pwa/register-service-worker.ts'
import serviceWorkerRegistration from './pwa/register-service-worker.ts?inline-script'
import { THEME_COLOR } from './pwa/web-manifest.ts'
import { publicSettings } from './settings/public-settings.ts'
import { getRequestSettings } from './settings/settings.server.ts'
import { Breadcrumb } from './shell/breadcrumb.tsx'
import { ConnectionLost, isConnectionLost } from './shell/connection-lost.tsx'
import { markPageHydrated } from './shell/hydrate-later.tsx'
import { InlineScript } from './shell/inline-script.tsx'
import { NotFoundContent } from './shell/not-found-content.tsx'
import { useFrameworkScripts } from './shell/page-hydration.ts'
import { PageStyles } from './shell/page-styles.tsx'
import { SiteFooter } from './shell/site-footer.tsx'
import { SiteHeader } from './shell/site-header.tsx'
import { Button } from './ui/button.tsx'
import { Toasts, toast } from './ui/toast.tsx'

// The language first: a refused request's error page is shown in the page's language too.
export const middleware: Route.MiddlewareFunction[] = [localeMiddleware, refuseUnreadableInput]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext)
  const { nonce } = context.get(requestContext)
  const [settings, { viewer, headers }] = await Promise.all([getRequestSettings(context), getViewer(request, context)])
  // Only the header's public facts about the visitor reach the browser.
  const user = viewer ? { name: viewer.name, isAdmin: viewer.role === 'admin' } : null
  // No cart while the shop is a showcase; a shopper who signed in gets this browser's cart merged.
  // Only its count: the header shows no more, so pages differ by cart in that alone (the page cache
  // keeps a copy per count), and the drawer asks for the cart itself when it opens.
  let cart: CartBadge | null = null
  let cartFailed = false
  if (!settings.showcaseMode) {
    try {
      const loaded = await loadCartBadge(db, request, viewer, config.secure)
      cart = loaded.badge
      if (loaded.setCookie) headers.append('Set-Cookie', loaded.setCookie)
    } catch (error) {
      // The page still renders without its cart; the shopper is told (spec: 'Failed to load cart').
      context.get(requestContext).log.error({ err: error }, 'loading the cart failed')
      cartFailed = true
    }
  }
  // headers: a refreshed (sliding) session cookie, when better-auth renewed it.
  return data(
    { settings: publicSettings(settings), publicUrl: config.publicUrl, nonce, user, cart, cartFailed },
    { headers },
  )
}

/** Error pages (a loader's 404 or an unexpected failure) still get a title, and stay out of search results. */
export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? [
        {
          title: isRouteErrorResponse(error) && error.status === 404 ? m.page_not_found_title() : m.error_page_title(),
        },
        { name: 'robots', content: 'noindex' },
      ]
    : []

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
  { rel: 'icon', href: '/icons/icon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
]

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const locale = getLocale()
  // A page to read (its route's handle.hydrate, page-hydration.ts) gets none of React Router's
  // scripts: no React in the browser, only the service worker's registration.
  const hydrate = useFrameworkScripts()
  useEffect(() => {
    // Production only: the development server builds no service worker. In the shell (0.4 KB) rather
    // than a file of its own (1.4 KB as sent, headers included); it waits for the page's load itself.
    if (import.meta.env.PROD) registerServiceWorker()
    markPageHydrated()
  }, [])
  return (
    <html lang={HTML_LANG[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <PageStyles inline={!hydrate} />
        {locale === 'hi' && <DevanagariFont hydrate={hydrate} />}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <OfflineNotice />
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={rootData?.nonce} />
            <Scripts nonce={rootData?.nonce} />
          </>
        ) : (
          import.meta.env.PROD && <InlineScript script={serviceWorkerRegistration} />
        )}
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <Frame
      settings={loaderData.settings}
      user={loaderData.user}
      cart={loaderData.cart}
      cartFailed={loaderData.cartFailed}
    >
      <Outlet />
    </Frame>
  )
}

function Frame({
  settings,
  user,
  cart,
  cartFailed = false,
  children,
}: {
  settings: Route.ComponentProps['loaderData']['settings']
  user: Route.ComponentProps['loaderData']['user']
  cart: CartBadge | null
  cartFailed?: boolean
  children: ReactNode
}) {
  const { pathname } = useLocation()
  const notice = cart?.notice
  useEffect(() => {
    if (notice) toast(m.toast_your_cart(), { description: notice })
  }, [notice])
  useEffect(() => {
    if (cartFailed) toast.error(m.toast_error(), { description: m.cart_failed_to_load() })
  }, [cartFailed])
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {m.skip_to_content()}
      </a>
      <SiteHeader shopName={settings.shopName} user={user} cart={cart} />
      <main id="main" className="flex-1">
        {pathWithoutLocale(pathname) !== '/' && <Breadcrumb pathname={pathname} />}
        {children}
      </main>
      <SiteFooter settings={settings} />
      <Toasts />
      <CartToasts />
      <PushPrompt />
    </>
  )
}

/** Unexpected failures: the spec's generic message, never a stack trace. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const refusal = isRouteErrorResponse(error) && isInputRefusalText(error.data) ? error.data : null
  const content =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFoundContent />
    ) : isConnectionLost(error) ? (
      <ConnectionLost />
    ) : refusal ? (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{m.refused_title()}</h1>
        <p className="mt-4 text-muted-foreground">{refusal}</p>
        <Button asChild className="mt-8">
          <Link to="/">{m.return_home()}</Link>
        </Button>
      </div>
    ) : (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{m.error_title()}</h1>
        <p className="mt-4 text-muted-foreground">{m.error_text()}</p>
        <Button asChild className="mt-8">
          <Link to="/">{m.return_home()}</Link>
        </Button>
      </div>
    )
  return rootData ? (
    <Frame settings={rootData.settings} user={rootData.user} cart={rootData.cart}>
      {content}
    </Frame>
  ) : (
    <main className="flex-1">{content}</main>
  )
}
