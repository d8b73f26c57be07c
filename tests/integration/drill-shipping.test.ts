// The shipping drill (scripts/drills/shipping.ts) at a tenth of its size on each database: 20 orders
// booked through a failing Shiprocket, then 100 tracking webhooks repeated, concurrent and reordered.
import { it } from 'vitest'
import { DATABASE_KINDS } from './databases.ts'
import { expectDrillHolds } from './drills.ts'

it.concurrent.each(DATABASE_KINDS)(
  'books each order once through a failing Shiprocket and follows a storm of webhooks to the right end, on %s',
  (kind) => expectDrillHolds('shipping', kind, 0.1),
  240_000,
)
