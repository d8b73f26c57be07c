// The fuzz drill (scripts/drills/fuzz.ts) at a fiftieth of its size on each database: 240 fuzzed
// requests after every route read once per role (`npm run drill -- fuzz` sends 12,000).
// Each drill starts the production server: needs `npm run build` first.
import { describe, it } from 'vitest'
import { DATABASE_KINDS } from './databases.ts'
import { expectDrillHolds } from './drills.ts'

describe.each(DATABASE_KINDS)('the fuzz drill on %s', (kind) => {
  it(
    'answers bad input without a 5xx, changes nothing for refused writes and gives its memory back',
    () => expectDrillHolds('fuzz', kind, 0.02),
    240_000,
  )
})
