// Ids in URLs, forms and cookies are checked before they reach a query: PostgreSQL refuses a malformed
// uuid with an error, and a refusal should read "not found", not "something went wrong".
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}
