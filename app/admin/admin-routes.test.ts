import { describe, expect, it } from 'vitest'
import routes from '../routes.ts'
import { ADMIN_ENDPOINTS } from './admin-routes.ts'

describe('the list of admin routes', () => {
  it('names every route under /admin, so the authorization matrix covers it', () => {
    const adminPaths = routes
      .map((route) => route.path)
      .filter((path): path is string => typeof path === 'string' && /^admin(\/|$)/.test(path))
    expect(adminPaths.length).toBeGreaterThan(0)
    for (const path of adminPaths) {
      expect(
        ADMIN_ENDPOINTS.map((endpoint) => endpoint.path),
        `/${path}`,
      ).toContain(`/${path}`)
    }
  })
})
