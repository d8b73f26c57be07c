// What shoppers read about delivery to their PIN code, in the page's language (messages/*.json,
// keys delivery_*): each text is a message function, called when it is shown.
import { m } from '#app/paraglide/messages.js'
import { formatRupees } from '#app/shared/money.ts'
import { formatDeliveryDay } from './delivery-date.ts'

export const deliveryTexts = {
  pinLabel: m.delivery_pin_label,
  pinHint: m.delivery_pin_hint,
  check: m.delivery_check,
  back: m.delivery_back,
  checking: m.delivery_checking,
  boxTitle: m.delivery_box_title,
  deliveryBy: (day: string) => m.delivery_by({ day: formatDeliveryDay(day) }),
  codAvailable: m.delivery_cod_available,
  codUnavailable: m.delivery_cod_unavailable,
  extraFee: (paise: number) => m.delivery_extra_fee({ fee: formatRupees(paise) }),
  notServed: (pin: string) => m.delivery_not_served({ pin }),
  /** Six digits with a leading 0 look right to a shopper: they are told what is wrong with them. */
  badPin: (pin: string) => (/^0\d{5}$/.test(pin) ? m.shop_pin_starts_with_zero() : m.delivery_bad_pin()),
  emptyPin: m.delivery_empty_pin,
  stateContradiction: (state: string) => m.delivery_state_contradiction({ state }),
  notServedAtCheckout: (pin: string) => m.delivery_not_served_at_checkout({ pin }),
  codRefused: m.delivery_cod_refused,
  codDisabledReason: m.delivery_cod_disabled_reason,
} as const
