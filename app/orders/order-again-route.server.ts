// My Orders' "Order again" form, POST /my-orders (intent=again): the order's packets into the
// customer's cart (order-again.server.ts). With JavaScript a fetcher posts it and gets the notice as
// data; without, the answer redirects back to the page the form was on, which says it once.
import { data, type RouterContextProvider, redirect } from 'react-router'
import { z } from 'zod'
import { getViewer } from '#app/accounts/session.server.ts'
import { ENHANCED_FIELD } from '#app/cart/cart-form.ts'
import { m } from '#app/paraglide/messages.js'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { getRequestSettings } from '#app/settings/settings.server.ts'
import {
  type AgainNotice,
  type AgainOutcome,
  againNotice,
  againNoticeCookie,
  orderAgain,
} from './order-again.server.ts'
import { ORDER_AGAIN_INTENT } from './order-again-form.ts'

type Context = Readonly<RouterContextProvider>

/** What the form posts, and nothing else. */
const orderAgainSchema = z.strictObject({
  intent: z.literal(ORDER_AGAIN_INTENT),
  orderId: z.uuid({ error: () => m.order_again_bad_order() }),
  [ENHANCED_FIELD]: z.literal('1').optional(),
})

const refusal = (message: string): AgainNotice => ({
  ok: false,
  title: m.order_again_failed_title(),
  message,
  notes: [],
})

export async function orderAgainAction(request: Request, context: Context) {
  const { db, config } = context.get(servicesContext)
  const form = Object.fromEntries(await request.formData())
  const enhanced = form[ENHANCED_FIELD] === '1'
  const { viewer } = await getViewer(request, context)
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  // Signed out meanwhile (another tab): sign in, then back to My Orders.
  if (!viewer) throw redirect('/auth?redirectTo=/my-orders')
  /** A refusal: data for the script; without JavaScript the 404 page, or the page with the refusal. */
  const refuse = (status: number, message: string) => {
    if (!enhanced && status === 404) throw data(null, { status })
    return data(refusal(message), { status })
  }

  const parsed = orderAgainSchema.safeParse(form)
  if (!parsed.success) {
    const badOrder = parsed.error.issues.some((issue) => issue.path[0] === 'orderId')
    return refuse(400, badOrder ? m.order_again_bad_order() : m.order_again_not_understood())
  }
  const shop = await getRequestSettings(context)
  if (shop.showcaseMode) return refuse(409, m.cart_not_open())
  let outcome: AgainOutcome | null
  try {
    outcome = await orderAgain(db, viewer.id, parsed.data.orderId)
  } catch (error) {
    context.get(requestContext).log.error({ err: error }, 'order again failed')
    return data(refusal(m.order_again_failed()), { status: 500 })
  }
  // Someone else's order, or none: not found, whoever asks, and nothing changed.
  if (!outcome) return refuse(404, m.order_again_not_found())
  if (enhanced) return data(againNotice(outcome), { status: 200 })
  return redirect(back, { headers: { 'Set-Cookie': againNoticeCookie(outcome, url.pathname, config.secure) } })
}
