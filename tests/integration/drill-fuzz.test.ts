// The fuzz drill (scripts/drills/fuzz.ts) at a twentieth of its size on each database: every
// invariant holds. Needs `npm run build` first (the drill starts the production server).
import { describe, expect, it } from 'vitest'
import { formatInvariant, loadDrill } from '../../scripts/drills/drill.ts'
import { DATABASE_KINDS } from './databases.ts'

describe.each(DATABASE_KINDS)('the fuzz drill on %s', (kind) => {
  it('answers bad input without a 5xx, changes nothing for refused writes and gives its memory back', async () => {
    const drill = await loadDrill('fuzz')
    const invariants = await drill.run({
      scale: 0.05,
      databaseUrl: kind === 'postgres' ? process.env.TEST_DATABASE_URL! : null,
      log: () => {},
    })
    const lines = invariants.map(formatInvariant)
    expect(
      lines.filter((line) => line.startsWith('FAIL')),
      lines.join('\n'),
    ).toEqual([])
  }, 240_000)
})
