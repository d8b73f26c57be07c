// The shop's VAPID identity: the key pair every push is signed with, and the subject push services may
// contact. Keys come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or are generated once and kept in the
// database, so restarts and every instance on one database sign with the same keys (a browser's
// subscription is bound to the public key it subscribed with).
import { eq } from 'drizzle-orm'
import type { Config } from '#app/platform/config.server.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import { generateVapidKeys, type VapidKeys } from '#app/platform/push-sender.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { pushVapidKeys } from './schema.ts'

/** The configured keys, or the database's: the first instance to start writes a pair, the rest read it. */
export async function resolveVapidKeys(db: Db, config: Pick<Config, 'vapid'>): Promise<VapidKeys> {
  const { publicKey, privateKey } = config.vapid
  if (publicKey && privateKey) return { publicKey, privateKey }
  const generated = generateVapidKeys()
  // Two instances starting together both generate; the insert of one wins and both read the winner.
  await db
    .insert(pushVapidKeys)
    .values({ id: 1, ...generated })
    .onConflictDoNothing()
  const [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1))
  if (!row) throw new Error('The VAPID keys could not be stored')
  return { publicKey: row.publicKey, privateKey: row.privateKey }
}

/**
 * VAPID_SUBJECT (checked at start-up to be mailto: or https:), else mailto: the shop's e-mail from
 * settings, read at sending time so a changed address is used from the next push on.
 */
export async function vapidSubject(db: Tx, config: Pick<Config, 'vapid'>): Promise<string> {
  if (config.vapid.subject) return config.vapid.subject
  return `mailto:${(await getSettings(db)).email}`
}
