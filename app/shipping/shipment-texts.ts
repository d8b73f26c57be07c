// A shipment as the shopper reads it, in the page's language or the one given (an order's e-mails
// and SMS are written in the order's). The admin panel uses `courierLabel` (English).
import type { Locale } from '#app/i18n/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { COURIER_NAMES } from './courier-names.ts'
import type { ShipmentView } from './couriers.ts'

/** The courier's name: India Post is भारतीय डाक in Hindi, the other brands are written as they are. */
export function courierText(
  shipment: Pick<ShipmentView, 'courier' | 'courierName'>,
  locale: Locale = getLocale(),
): string {
  switch (shipment.courier) {
    case 'india_post':
      return m.courier_india_post({}, { locale })
    case 'other':
      return shipment.courierName ?? ''
    case 'own_rider':
      return ''
    default:
      return COURIER_NAMES[shipment.courier]
  }
}

/** 'Sent with DTDC', or the shop's own rider. */
export function shipmentSentText(shipment: Pick<ShipmentView, 'courier' | 'courierName'>, locale?: Locale): string {
  const o = { locale: locale ?? getLocale() }
  return shipment.courier === 'own_rider'
    ? m.shipment_own_rider({}, o)
    : m.shipment_sent_with({ courier: courierText(shipment, o.locale) }, o)
}
