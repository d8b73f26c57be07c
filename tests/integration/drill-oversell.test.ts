// The oversell drill (scripts/drills/oversell.ts) at a fifth of its size on each database: 200
// shoppers for 10 packets, 20 for one single-use coupon, against the production server.
import { describe, expect, it } from 'vitest'
import { formatInvariant } from '../../scripts/drills/drill.ts'
import { drill } from '../../scripts/drills/oversell.ts'
import { DATABASE_KINDS } from './databases.ts'

describe.each(DATABASE_KINDS)('the oversell drill on %s', (kind) => {
  it('sells exactly the packets on the shelf and the coupon once, and tells everyone else why', async () => {
    const invariants = await drill.run({
      scale: 0.2,
      databaseUrl: kind === 'postgres' ? process.env.TEST_DATABASE_URL! : null,
      log: () => {},
    })
    expect(invariants.filter((line) => !line.pass).map(formatInvariant)).toEqual([])
    expect(invariants.length).toBeGreaterThan(0)
  }, 120_000)
})
