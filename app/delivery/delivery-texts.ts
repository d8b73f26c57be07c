// What shoppers read about delivery to their PIN code: one place, so the Hindi catalogue can take them over.
import { formatRupees } from '#app/shared/money.ts'
import { formatDeliveryDay } from './delivery-date.ts'

export const deliveryTexts = {
  pinLabel: 'PIN code',
  pinHint: 'Six digits, like 452001',
  check: 'Check',
  back: 'Back to shopping',
  checking: 'Checking…',
  boxTitle: 'Check delivery to your PIN code',
  deliveryBy: (day: string) => `Delivery by ${formatDeliveryDay(day)}`,
  codAvailable: 'Cash on delivery available',
  codUnavailable: 'Cash on delivery is not available for this PIN code: please pay online.',
  extraFee: (paise: number) => `${formatRupees(paise)} extra delivery charge for this area`,
  notServed: (pin: string) => `We don’t deliver to ${pin} yet`,
  badPin: 'Please enter a 6-digit PIN code, like 452001.',
  emptyPin: 'Please enter your PIN code.',
  stateContradiction: (state: string) =>
    `This PIN code is not in ${state}. Please check your PIN code or the state you chose.`,
  notServedAtCheckout: (pin: string) =>
    `We don’t deliver to ${pin} yet. Please check the PIN code, or call us and we will try to help.`,
  codRefused: 'Cash on delivery is not available for your PIN code. Please choose online payment.',
  codDisabledReason: 'Not available for your PIN code',
} as const
