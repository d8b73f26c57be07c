// The people the fuzz drill asks as, signed in over HTTP the way a browser does: the admin, customer A
// (who has placed an order) and customer B (who has not, and is handed A's order id), plus the shop's
// real ids (products, slugs, A's order) for inputs that point at other people's things.
import { randomUUID } from 'node:crypto'
import { deliveryDetails, Shopper } from './shopper.ts'

export interface Role {
  name: 'anonymous' | 'customer A' | 'customer B' | 'admin'
  cookie: string
}

export interface ShopIds {
  productIds: string[]
  slugs: string[]
  /** Customer A's order: for everyone else, someone else's. */
  otherOrderId: string
}

export async function signInRoles(
  baseUrl: string,
  admin: { email: string; password: string },
): Promise<{ roles: Role[]; ids: ShopIds }> {
  const html = (await new Shopper(baseUrl).get('/products')).text
  const productIds = [...new Set([...html.matchAll(/name="productId" value="([0-9a-f-]{36})"/g)].map((m) => m[1]!))]
  const slugs = [...new Set([...html.matchAll(/href="\/products\/([a-z0-9-]+)"/g)].map((m) => m[1]!))]
  if (!productIds.length) throw new Error('no products found on /products')

  const adminBrowser = new Shopper(baseUrl)
  await adminBrowser.signInAsAdmin(admin)
  const [a, b] = await Promise.all(
    ['a', 'b'].map(async (letter) => {
      const shopper = new Shopper(baseUrl, {
        ...deliveryDetails(0, 'Fuzz Shopper'),
        email: `fuzz-${letter}@example.com`,
      })
      await shopper.signUpAndSignIn(`fuzz-${letter}-${randomUUID().slice(0, 8)}@example.com`, `fuzz-${randomUUID()}`)
      return shopper
    }),
  )
  await a!.addToCart(productIds[0]!)
  const otherOrderId = await a!.placeCodOrder()

  return {
    roles: [
      { name: 'anonymous', cookie: '' },
      { name: 'customer A', cookie: a!.cookieHeader() },
      { name: 'customer B', cookie: b!.cookieHeader() },
      { name: 'admin', cookie: adminBrowser.cookieHeader() },
    ],
    ids: { productIds, slugs, otherOrderId },
  }
}
