// The settings pages show: every shop detail is public, so only bookkeeping columns are left out.
import type { settings } from './schema.ts'

type Row = typeof settings.$inferSelect

export type PublicSettings = Omit<Row, 'id' | 'updatedAt'>

export function publicSettings({ id: _id, updatedAt: _updatedAt, ...rest }: Row): PublicSettings {
  return rest
}
