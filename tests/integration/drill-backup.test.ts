// The backup drill (scripts/drills/backup.ts) at a tenth of its size on each database: npm run backup
// under an order load, wipe, npm run restore, and every acknowledged order back.
// Each drill starts the production server: needs `npm run build` first.
import { describe, it } from 'vitest'
import { DATABASE_KINDS } from './databases.ts'
import { expectDrillHolds } from './drills.ts'

describe.each(DATABASE_KINDS)('the backup drill on %s', (kind) => {
  it(
    'restores every order acknowledged before the backup, whole, into a wiped database',
    () => expectDrillHolds('backup', kind, 0.1),
    240_000,
  )
})
