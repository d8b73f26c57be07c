// Runs a drill (scripts/drills/) at a reduced scale on one database kind, as the integration suite
// does for each: every invariant must hold, and the violated ones are listed when not.
import { expect } from 'vitest'
import { formatInvariant, loadDrill } from '../../scripts/drills/drill.ts'
import type { DatabaseKind } from './databases.ts'

export async function expectDrillHolds(name: string, kind: DatabaseKind, scale: number) {
  const drill = await loadDrill(name)
  const invariants = await drill.run({
    scale,
    databaseUrl: kind === 'postgres' ? (process.env.TEST_DATABASE_URL ?? null) : null,
    log: () => {},
  })
  const violated = invariants.filter((line) => !line.pass).map(formatInvariant)
  // Named in the error's message itself, which is what a summary of the run shows.
  expect(violated, violated.join('\n')).toEqual([])
  expect(invariants.length).toBeGreaterThan(0)
}
