// The oversell drill (scripts/drills/oversell.ts) at a fifth of its size on each database: 200
// shoppers for 10 packets, 20 for one single-use coupon, against the production server.
// Each drill starts the production server: needs `npm run build` first.
import { describe, it } from 'vitest'
import { DATABASE_KINDS } from './databases.ts'
import { expectDrillHolds } from './drills.ts'

describe.each(DATABASE_KINDS)('the oversell drill on %s', (kind) => {
  it(
    'sells exactly the packets on the shelf and the coupon once, and tells everyone else why',
    () => expectDrillHolds('oversell', kind, 0.2),
    240_000,
  )
})
