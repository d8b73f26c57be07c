// The authz drill (scripts/drills/authz.ts) on each database, all of it (the matrix is small): every
// route as anonymous, a customer, another customer and the admin, against the production server.
// Each drill starts the production server: needs `npm run build` first.
import { describe, it } from 'vitest'
import { DATABASE_KINDS } from './databases.ts'
import { expectDrillHolds } from './drills.ts'

describe.each(DATABASE_KINDS)('the authorization drill on %s', (kind) => {
  it(
    'finds every answer as the matrix says and nothing of one customer reachable by another',
    () => expectDrillHolds('authz', kind, 1),
    240_000,
  )
})
