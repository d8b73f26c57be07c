// The payments drill (scripts/drills/payments.ts) at a tenth of its size on each database, both at
// once (most of it is waiting for the reconciler): 30 online payments while the PhonePe simulator
// sends duplicated, stale, late, lost, forged and wrong-amount callbacks.
import { it } from 'vitest'
import { DATABASE_KINDS } from './databases.ts'
import { expectDrillHolds } from './drills.ts'

it.concurrent.each(DATABASE_KINDS)(
  'never pays a forged or short payment, never moves a paid order back and settles the rest, on %s',
  (kind) => expectDrillHolds('payments', kind, 0.1),
  240_000,
)
