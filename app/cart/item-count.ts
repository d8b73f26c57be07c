/** '1 item', '3 items': the cart button's label and the drawer's title. */
export function itemCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`
}
