// The crash drill (scripts/drills/crash.ts) at a small scale on each database, both at once (most of
// the drill is waiting for leases and the reconciler): checkouts while the production server is
// killed with SIGKILL twice and restarted, then every acknowledged order, packet, e-mail, SMS and
// payment accounted for.
import { expect, it } from 'vitest'
import { drill } from '../../scripts/drills/crash.ts'
import { formatInvariant } from '../../scripts/drills/drill.ts'
import { DATABASE_KINDS } from './databases.ts'

it.concurrent.each(DATABASE_KINDS)(
  'loses no acknowledged order, packet, message or payment when the server is killed, on %s',
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
