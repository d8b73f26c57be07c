// The settings pages show: every shop detail is public, so only bookkeeping columns are left out, the
// couriers' link templates, which only the server fills in (every page would carry them), and the
// owner's own switch for new-order alerts on WhatsApp and the owner's own number they go to.
import type { settings } from './schema.ts'

type Row = typeof settings.$inferSelect

export type PublicSettings = Omit<
  Row,
  'id' | 'updatedAt' | 'courierTrackingUrls' | 'whatsappOwnerAlerts' | 'whatsappAlertsTo'
>

export function publicSettings({
  id: _id,
  updatedAt: _updatedAt,
  courierTrackingUrls: _courierTrackingUrls,
  whatsappOwnerAlerts: _whatsappOwnerAlerts,
  whatsappAlertsTo: _whatsappAlertsTo,
  ...rest
}: Row): PublicSettings {
  return rest
}
