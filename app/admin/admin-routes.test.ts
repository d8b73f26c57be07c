import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, it } from 'vitest'
import routes from '../routes.ts'
import { ADMIN_ENDPOINTS } from './admin-routes.ts'

/** Every route's full path, nested routes included ('' for an index route under its parent). */
function allPaths(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ''].filter(Boolean).join('/')
    return [`/${path}`, ...allPaths(entry.children ?? [], path)]
  })
}

describe('the list of admin routes', () => {
  it('names every route under /admin, so the authorization matrix covers it', () => {
    const adminPaths = [...new Set(allPaths(routes))].filter((path) => /^\/admin(\/|$)/.test(path))
    expect(adminPaths.length).toBeGreaterThan(5)
    for (const path of adminPaths) {
      expect(
        ADMIN_ENDPOINTS.map((endpoint) => endpoint.route),
        path,
      ).toContain(path)
    }
  })
})
