// /delivery?pin=452001: the PIN code box's answer, from the server. The box asks it with a fetcher
// (no reload); without JavaScript the box's GET form lands on this page, which shows the answer and a
// way back to where the shopper was. A valid PIN code is remembered for the visitor.
import { data, type RouterContextProvider } from 'react-router'
import { serializeCookie } from '#app/platform/cookies.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { sitePathOr } from '#app/shared/site-path.ts'
import { deliveryTexts } from './delivery-texts.ts'
import { isPinCode } from './pin-code.ts'
import { PIN_COOKIE, PIN_COOKIE_MAX_AGE, rememberedPin } from './remembered-pin.ts'
import { type DeliveryQuote, deliveryQuote } from './zones.server.ts'

export interface DeliveryCheck {
  pin: string
  quote: DeliveryQuote | null
  error: string | null
  /** The shop page the box was on (a path on this site), for the way back. */
  from: string | null
}

export function rememberPinCookie(pin: string, secure: boolean): string {
  return serializeCookie(PIN_COOKIE, pin, { maxAge: PIN_COOKIE_MAX_AGE, secure, httpOnly: false })
}

export async function deliveryCheckLoader({
  request,
  context,
}: {
  request: Request
  context: Readonly<RouterContextProvider>
}) {
  const { db, config } = context.get(servicesContext)
  const params = new URL(request.url).searchParams
  const asked = params.get('pin')
  const from = sitePathOr(params.get('from'), null)
  const headers = { 'Cache-Control': 'no-store' }
  if (asked === null) {
    const pin = rememberedPin(request.headers.get('cookie'))
    const quote = pin ? await deliveryQuote(db, pin) : null
    return data<DeliveryCheck>({ pin: pin ?? '', quote, error: null, from }, { headers })
  }
  const pin = asked.trim().slice(0, 20)
  if (!isPinCode(pin)) {
    const error = pin === '' ? deliveryTexts.emptyPin() : deliveryTexts.badPin(pin)
    return data<DeliveryCheck>({ pin, quote: null, error, from }, { status: 400, headers })
  }
  const quote = await deliveryQuote(db, pin)
  return data<DeliveryCheck>(
    { pin, quote, error: null, from },
    { headers: { ...headers, 'Set-Cookie': rememberPinCookie(pin, config.secure) } },
  )
}
