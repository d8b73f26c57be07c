import { eq } from 'drizzle-orm'
import type { Tx } from '../platform/db.server.ts'
import { settings } from './schema.ts'

export type ShopSettings = typeof settings.$inferSelect

export async function getSettings(db: Tx): Promise<ShopSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1))
  if (!row) throw new Error('The settings row is missing: start-up did not initialise the database')
  return row
}
