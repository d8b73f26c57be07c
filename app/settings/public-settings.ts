// The settings pages show: every shop detail is public, so only bookkeeping columns are left out, and
// the couriers' link templates, which only the server fills in (every page would carry them).
import type { settings } from './schema.ts'

type Row = typeof settings.$inferSelect

export type PublicSettings = Omit<Row, 'id' | 'updatedAt' | 'courierTrackingUrls'>

export function publicSettings({
  id: _id,
  updatedAt: _updatedAt,
  courierTrackingUrls: _courierTrackingUrls,
  ...rest
}: Row): PublicSettings {
  return rest
}
