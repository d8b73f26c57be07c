// What My Orders' "Order again" form posts (order-again-route.server.ts decides). No zod here: this
// module reaches the page's JavaScript.
export const ORDER_AGAIN_INTENT = 'again'
