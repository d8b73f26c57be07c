// The mark of a buy control (a product's price, sizes, quantity, Add to Cart) that the push banner
// must never cover: `<div {...BUY_CONTROLS}>`. banner-placement.ts finds them by it. A module of its
// own, so a product card takes this one constant and none of the banner's code.

export const BUY_CONTROLS = { 'data-buy-controls': '' } as const
export const BUY_CONTROLS_SELECTOR = '[data-buy-controls]'
