// The backup drill (scripts/drills/backup.ts) at a reduced scale on each database: npm run backup
// under an order load, wipe, npm run restore, and every acknowledged order back. Needs `npm run build`.
import { describe, expect, it } from 'vitest'
import { loadDrill } from '../../scripts/drills/drill.ts'
import { DATABASE_KINDS } from './databases.ts'

// A server start, sign-ups and a load on two cores shared with other work: more than the default.
describe.each(DATABASE_KINDS)('the backup drill on %s', (kind) => {
  it('restores every order acknowledged before the backup, whole, into a wiped database', async () => {
    const drill = await loadDrill('backup')
    const invariants = await drill.run({
      scale: 0.1,
      databaseUrl: kind === 'postgres' ? (process.env.TEST_DATABASE_URL ?? null) : null,
      log: () => {},
    })
    expect(invariants.length).toBeGreaterThan(0)
    for (const line of invariants) expect(line, line.name).toMatchObject({ pass: true })
  }, 240_000)
})
