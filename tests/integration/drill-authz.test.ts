// The authz drill (scripts/drills/authz.ts) on each database: every route as anonymous, a customer,
// another customer and the admin, against the production server. Needs `npm run build` first.
import { describe, expect, it } from 'vitest'
import { loadDrill } from '../../scripts/drills/drill.ts'
import { DATABASE_KINDS } from './databases.ts'

// A server start, sign-ups and a load on two cores shared with other work: more than the default.
describe.each(DATABASE_KINDS)('the authorization drill on %s', (kind) => {
  it('finds every answer as the matrix says and nothing of one customer reachable by another', async () => {
    const drill = await loadDrill('authz')
    // The matrix is small: the test runs all of it, pages' data requests included.
    const invariants = await drill.run({
      scale: 1,
      databaseUrl: kind === 'postgres' ? (process.env.TEST_DATABASE_URL ?? null) : null,
      log: () => {},
    })
    expect(invariants.length).toBeGreaterThan(0)
    for (const line of invariants) expect(line, line.name).toMatchObject({ pass: true })
  }, 240_000)
})
