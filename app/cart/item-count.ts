import { m } from '#app/paraglide/messages.js'
/** '1 item', '3 items': the cart button's label and the drawer's title. */
export function itemCountLabel(count: number): string {
  return count === 1 ? m.items_one({ count }) : m.items_many({ count })
}
