import { data, redirect } from 'react-router'
import { getViewer } from '#app/accounts/session.server.ts'
import { CART_FAILURE, type CartResult, ENHANCED_FIELD } from '#app/cart/cart-form.ts'
import { cartRequestSchema } from '#app/cart/cart-request.server.ts'
import {
  type CartAnswer,
  cartCookie,
  cartErrorCookie,
  currentCartScope,
  loadCartView,
} from '#app/cart/cart-session.server.ts'
import { changeCart } from '#app/cart/change-cart.server.ts'
import { m } from '#app/paraglide/messages.js'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { getRequestSettings } from '#app/settings/settings.server.ts'
import type { Route } from './+types/cart'

/** This shopper's cart, priced now: never kept. */
const PRIVATE = { 'Cache-Control': 'private, no-store' }

/**
 * The cart has no page of its own: /checkout shows it without JavaScript. `?view` is the drawer's
 * cart (its fetcher's answer), priced as checkout prices it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!new URL(request.url).searchParams.has('view')) return redirect('/checkout')
  const { db, config } = context.get(servicesContext)
  try {
    const [shop, { viewer }] = await Promise.all([getRequestSettings(context), getViewer(request, context)])
    const { cart, setCookie } = await loadCartView(db, request, viewer, shop, config.secure)
    const headers = new Headers(PRIVATE)
    if (setCookie) headers.append('Set-Cookie', setCookie)
    return data<CartAnswer>({ cart }, { headers })
  } catch (error) {
    context.get(requestContext).log.error({ err: error }, 'loading the cart failed')
    return data<CartAnswer>({ cart: null }, { status: 500, headers: PRIVATE })
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = context.get(servicesContext)
  const { log } = context.get(requestContext)
  const form = await request.formData()
  const enhanced = form.get(ENHANCED_FIELD) === '1'
  // A page without JavaScript goes to the checkout page, which shows the cart and any refusal.
  const answer = (status: number, result: CartResult, cookie?: string) => {
    if (enhanced) return data(result, { status, headers: cookie ? { 'Set-Cookie': cookie } : undefined })
    const headers = new Headers()
    if (cookie) headers.append('Set-Cookie', cookie)
    if (!result.ok) headers.append('Set-Cookie', cartErrorCookie(result.message, config.secure))
    return redirect('/checkout', { headers })
  }

  const parsed = cartRequestSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) {
    const intent = form.get('intent')
    const known = typeof intent === 'string' && Object.hasOwn(CART_FAILURE, intent)
    return answer(400, {
      ok: false,
      title: m.order_error_title(),
      message: known ? (parsed.error.issues[0]?.message ?? m.cart_failed_update()) : m.cart_unknown_action(),
    })
  }
  const change = parsed.data
  try {
    const shop = await getRequestSettings(context)
    if (shop.showcaseMode) {
      return answer(409, {
        ok: false,
        title: m.order_error_title(),
        message: m.cart_not_open(),
      })
    }
    const { viewer } = await getViewer(request, context)
    // A guest cart already ordered (its emptied cookie lost on the way) is changed as a new, empty one.
    const { scope } = await currentCartScope(db, request, viewer?.id ?? null)
    const result = await changeCart(db, scope, change, viewer?.phone ?? null)
    if (!result.ok) return answer(409, { ok: false, title: m.order_error_title(), message: result.message })
    const cookie = result.cookie === scope.cookie ? undefined : cartCookie(result.cookie, config.secure)
    return answer(200, { ok: true, title: result.title ?? '', message: result.message ?? '' }, cookie)
  } catch (error) {
    log.error({ err: error, intent: change.intent }, 'cart change failed')
    return answer(500, { ok: false, title: m.order_error_title(), message: CART_FAILURE[change.intent]() })
  }
}
