// What an empty database receives on the shop's first start, exactly once: the settings row, the
// FIRST10 coupon the sign-in banner promises and, with SEED_DEMO, the demo catalogue and blog.
// The settings row is the marker: whoever inserts it (one instance, one transaction) seeds.
import { blogs } from '../blog/schema.ts'
import { products } from '../catalog/schema.ts'
import { demoPosts } from '../demo/posts.ts'
import { demoProducts } from '../demo/products.ts'
import { demoSettings } from '../demo/settings.ts'
import { coupons } from '../orders/schema.ts'
import { settings } from '../settings/schema.ts'
import type { Db } from './db.server.ts'

export interface FirstStartOptions {
  seedDemo: boolean
  showcaseMode: boolean
}

/** Returns true when this call initialised the database (false when it already was). */
export async function initialiseShop(db: Db, { seedDemo, showcaseMode }: FirstStartOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(settings)
      .values({ id: 1, ...demoSettings, showcaseMode })
      .onConflictDoNothing()
      .returning({ id: settings.id })
    if (inserted.length === 0) return false

    await tx
      .insert(coupons)
      .values({ code: 'FIRST10', description: '10% off your first order', percentOff: 10, firstOrderOnly: true })
      .onConflictDoNothing()

    if (seedDemo) {
      // Newest first lists show the catalogue in the order it is written: stagger created_at.
      const now = Date.now()
      await tx.insert(products).values(
        demoProducts.map(({ image, ...product }, index) => ({
          ...product,
          imageUrl: `/images/products/${image}-640.webp`,
          createdAt: new Date(now - index * 60_000),
        })),
      )
      await tx.insert(blogs).values(
        demoPosts.map(({ publishedOn, ...post }) => ({
          ...post,
          createdAt: new Date(`${publishedOn}T09:00:00+05:30`),
          updatedAt: new Date(`${publishedOn}T09:00:00+05:30`),
        })),
      )
    }
    return true
  })
}
