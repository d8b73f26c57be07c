// The throughput drill (scripts/drills/throughput.ts) at a small scale on each database: 50
// concurrent shoppers placing cash-on-delivery orders through the production server, then every
// acknowledged order found whole, stock conserved and no 5xx. Its rates are printed, never asserted
// (performance is measured by the drill at full scale, not by tests).
import { it } from 'vitest'
import { DATABASE_KINDS } from './databases.ts'
import { expectDrillHolds } from './drills.ts'

it.each(DATABASE_KINDS)(
  'keeps every acknowledged order whole and every packet counted under 50 concurrent shoppers, on %s',
  (kind) => expectDrillHolds('throughput', kind, 0.1),
  240_000,
)
