// The oversell drill (scripts/drills/oversell.ts) at a twentieth of its size on each database: 50
// shoppers at once for 10 packets, 5 at once for one single-use coupon, against the production server
// (a race needs shoppers at once, not a thousand of them; `npm run drill -- oversell` runs them all).
// Each drill starts the production server: needs `npm run build` first.
import { describe, it } from 'vitest'
import { DATABASE_KINDS } from './databases.ts'
import { expectDrillHolds } from './drills.ts'

describe.each(DATABASE_KINDS)('the oversell drill on %s', (kind) => {
  it(
    'sells exactly the packets on the shelf and the coupon once, and tells everyone else why',
    () => expectDrillHolds('oversell', kind, 0.05),
    240_000,
  )
})
