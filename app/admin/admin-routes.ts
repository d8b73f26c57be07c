// Every admin page, action and endpoint, in one place. The authorization-matrix test
// (tests/e2e/accounts.test.ts) requests each of them as anonymous, as a customer and as the admin;
// a route added under /admin must be listed here (a unit test checks app/routes.ts against it).

export interface AdminEndpoint {
  method: 'GET' | 'POST'
  path: string
  /** Form fields for a POST. */
  form?: Record<string, string>
  /** Text that appears in the answer only when the admin asks (never in a refusal). */
  adminOnly: string
}

export const ADMIN_ENDPOINTS: readonly AdminEndpoint[] = [
  { method: 'GET', path: '/admin', adminOnly: 'data-admin-panel' },
  { method: 'GET', path: '/admin.data', adminOnly: 'totalOrders' },
  { method: 'GET', path: '/admin/stats', adminOnly: '"totalOrders"' },
]
