// Links that keep the list's filters: status chips, pages, the CSV export.
import type { AdminOrderFilters } from '../admin-orders.ts'

export const ADMIN_ORDERS_PATH = '/admin'
const ORDERS_CSV_PATH = '/admin/orders.csv'

type FilterChanges = { [K in keyof AdminOrderFilters]?: string | null }

/** The filters as a query string, with `changes` applied (null removes a field). */
export function filterQuery(filters: AdminOrderFilters, changes: FilterChanges = {}): string {
  const params = new URLSearchParams()
  const merged: FilterChanges = { ...filters, ...changes }
  for (const [key, value] of Object.entries(merged)) {
    if (value) params.set(key, value)
  }
  return params.toString()
}

/** A page of the list; a change of filter always starts again from the newest orders. */
export function ordersHref(filters: AdminOrderFilters, changes: FilterChanges = {}): string {
  const query = filterQuery(filters, { cursor: null, ...changes })
  return query ? `${ADMIN_ORDERS_PATH}?${query}` : ADMIN_ORDERS_PATH
}

/** Every order under the current filters, not just this page. */
export function csvHref(filters: AdminOrderFilters): string {
  const query = filterQuery(filters, { cursor: null })
  return query ? `${ORDERS_CSV_PATH}?${query}` : ORDERS_CSV_PATH
}

/** Whether any filter narrows the list (the page cursor does not count). */
export function isFiltered(filters: AdminOrderFilters): boolean {
  return Boolean(filters.status || filters.from || filters.to || filters.method || filters.payment || filters.q)
}
