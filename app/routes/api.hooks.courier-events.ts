// Shiprocket's tracking webhook. Its panel refuses an address that contains "shiprocket", "sr" or "kr".
// Its POSTs are answered ahead of the router, by server/webhook-intake.ts; anything else is told so.
import { data } from 'react-router'

export function loader() {
  return data({ error: 'Shiprocket posts here.' }, { status: 405, headers: { Allow: 'POST' } })
}
