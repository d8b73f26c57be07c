// The payments drill (scripts/drills/payments.ts) at a tenth of its size on each database, both at
// once (most of it is waiting for the reconciler): 30 online payments while the PhonePe simulator
// sends duplicated, stale, late, lost, forged and wrong-amount callbacks.
import { expect, it } from 'vitest'
import { formatInvariant } from '../../scripts/drills/drill.ts'
import { drill } from '../../scripts/drills/payments.ts'
import { DATABASE_KINDS } from './databases.ts'

it.concurrent.each(DATABASE_KINDS)(
  'never pays a forged or short payment, never moves a paid order back and settles the rest, on %s',
  async (kind) => {
    const invariants = await drill.run({
      scale: 0.1,
      databaseUrl: kind === 'postgres' ? process.env.TEST_DATABASE_URL! : null,
      log: () => {},
    })
    expect(invariants.filter((line) => !line.pass).map(formatInvariant)).toEqual([])
    expect(invariants.length).toBeGreaterThan(0)
  },
  240_000,
)
