// The crash drill (scripts/drills/crash.ts) at a small scale on each database, both at once (most of
// the drill is waiting for leases and the reconciler): checkouts while the production server is
// killed with SIGKILL twice and restarted, then every acknowledged order, packet, e-mail, SMS and
// payment accounted for.
import { it } from 'vitest'
import { DATABASE_KINDS } from './databases.ts'
import { expectDrillHolds } from './drills.ts'

it.concurrent.each(DATABASE_KINDS)(
  'loses no acknowledged order, packet, message or payment when the server is killed, on %s',
  (kind) => expectDrillHolds('crash', kind, 0.1),
  240_000,
)
