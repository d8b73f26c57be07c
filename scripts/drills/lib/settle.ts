// Waiting for a drill's shop to finish what it does in the background (the outbox, the payment
// reconciler) before its database is judged. The embedded database can only be read while the server
// is down, so each round stops the server, counts what is still under way, and starts it again.
import type { Db } from '../../../app/platform/db.server.ts'
import { LEASE_MS } from '../../../app/platform/outbox.server.ts'
import type { ShopServer } from './shop-server.ts'

const ROUND_MS = 10_000
/** The reconciler first asks about a payment 20 s after it starts, then every few seconds. */
const RECONCILER_FIRST_CHECK_MS = 20_000

/**
 * Rounds of: stop the server, count with `underWay`, start it again and wait while anything is left.
 * Gives up once nothing has moved for long enough that a killed worker's lease has run out and the
 * reconciler has asked about every payment. Leaves the server stopped; true when nothing was left.
 */
export async function waitUntilSettled(
  shop: ShopServer,
  underWay: (db: Db) => Promise<number>,
  log: (line: string) => void,
): Promise<boolean> {
  const patience = Math.ceil((LEASE_MS + RECONCILER_FIRST_CHECK_MS) / ROUND_MS) + 2
  let stuck = 0
  let last = Number.POSITIVE_INFINITY
  for (;;) {
    await shop.stop()
    const database = await shop.open()
    let open: number
    try {
      open = await underWay(database.db)
    } finally {
      await database.close()
    }
    if (open === 0) return true
    stuck = open < last ? 0 : stuck + 1
    last = open
    if (stuck > patience) return false
    log(`${open} jobs or payments still under way: waiting`)
    await shop.start()
    await new Promise((resolve) => setTimeout(resolve, ROUND_MS))
  }
}
