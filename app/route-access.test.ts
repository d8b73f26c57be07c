import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, it } from 'vitest'
import { ADMIN_ENDPOINTS } from './admin/admin-routes.ts'
import { ROLES, ROUTE_ACCESS } from './route-access.ts'
import routes from './routes.ts'

/** Every route's full path, nested routes included ('' for an index route under its parent). */
function allPaths(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ''].filter(Boolean).join('/')
    return [`/${path}`, ...allPaths(entry.children ?? [], path)]
  })
}

const routePaths = [...new Set(allPaths(routes))]

describe('the authorization matrix', () => {
  it('classifies every route of app/routes.ts, so the authz drill requests it as every role', () => {
    expect(routePaths.length).toBeGreaterThan(40)
    const classified = ROUTE_ACCESS.map((access) => access.route)
    const unclassified = routePaths.filter((path) => !classified.includes(path))
    expect(unclassified, 'routes with no entry in app/route-access.ts').toEqual([])
  })

  it('names only routes that exist, each once', () => {
    const classified = ROUTE_ACCESS.map((access) => access.route)
    expect(classified.filter((route) => !routePaths.includes(route))).toEqual([])
    expect(new Set(classified).size).toBe(classified.length)
  })

  it('gives every request of every route an answer for each role', () => {
    for (const access of ROUTE_ACCESS) {
      expect(access.requests.length, access.route).toBeGreaterThan(0)
      for (const request of access.requests) {
        expect(Object.keys(request.answers).sort(), `${request.method} ${request.path}`).toEqual([...ROLES].sort())
      }
    }
  })

  it('lists every route under /admin among the admin endpoints, refused to all but the admin', () => {
    const adminPaths = routePaths.filter((path) => /^\/admin(\/|$)/.test(path))
    expect(adminPaths.length).toBeGreaterThan(5)
    for (const path of adminPaths) {
      expect(
        ADMIN_ENDPOINTS.map((endpoint) => endpoint.route),
        path,
      ).toContain(path)
      const access = ROUTE_ACCESS.find((entry) => entry.route === path)
      expect(access?.audience, path).toBe('admin')
    }
  })

  it("answers an owner's record to its owner and refuses it to another customer", () => {
    for (const access of ROUTE_ACCESS.filter((entry) => entry.audience === 'owner')) {
      const guarded = access.requests.filter(
        (request) =>
          request.answers.customer === 200 &&
          (request.answers.otherCustomer !== 200 || request.shows?.to.join() === 'customer'),
      )
      expect(guarded.length, access.route).toBeGreaterThan(0)
    }
  })
})
