import { eq } from 'drizzle-orm'
import type { RouterContextProvider } from 'react-router'
import { nextVersion } from '#app/shared/record-version.ts'
import { type AuditActor, recordAudit } from '../platform/audit.server.ts'
import type { Db, Tx } from '../platform/db.server.ts'
import { freshReader } from '../platform/fresh-reader.ts'
import { servicesContext } from '../platform/services.server.ts'
import { settings } from './schema.ts'
import type { SectionValues, SettingsSection } from './settings-form.ts'

export type ShopSettings = typeof settings.$inferSelect

/**
 * The shop's settings, read from the database on every call: nothing keeps them in memory, so a change
 * reaches every server instance with its next request.
 */
export async function getSettings(db: Tx): Promise<ShopSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1))
  if (!row) throw new Error('The settings row is missing: start-up did not initialise the database')
  return row
}

const sharedReads = new WeakMap<Db, () => Promise<Readonly<ShopSettings>>>()

/**
 * The settings as a read that began after the call found them, shared by the callers that asked while
 * another read ran (freshReader): a saved change reaches every call made after the save returned, on
 * every instance, and fifty shoppers at once cost two reads, not fifty. Frozen: callers share the copy.
 */
export function currentSettings(db: Db): Promise<Readonly<ShopSettings>> {
  let read = sharedReads.get(db)
  if (!read) {
    read = freshReader(async () => Object.freeze(await getSettings(db)))
    sharedReads.set(db, read)
  }
  return read()
}

const perRequest = new WeakMap<object, Promise<Readonly<ShopSettings>>>()

/** The settings for one request's loaders and action, read once however many of them ask (the root and the page's). */
export function getRequestSettings(context: Readonly<RouterContextProvider>): Promise<Readonly<ShopSettings>> {
  let settings = perRequest.get(context)
  if (!settings) {
    settings = currentSettings(context.get(servicesContext).db)
    perRequest.set(context, settings)
  }
  return settings
}

/** The screen's copy of the settings is older than the database's (someone saved since it was loaded). */
export class StaleSettings extends Error {
  constructor() {
    super('These settings were changed in another window since you opened this page. Reload it and try again.')
    this.name = 'StaleSettings'
  }
}

const SECTION_LABELS: Record<SettingsSection, string> = {
  shop: 'Shop details',
  delivery: 'Delivery',
  couriers: 'Courier tracking links',
  home: 'Home page claims and quotes',
  showcase: 'Showcase mode',
}

/**
 * Saves one section of the settings in one transaction, with its audit record. `version` is the
 * settings' updated_at as the form showed it: a form loaded before someone else's save is refused
 * rather than silently overwriting the newer change.
 */
export async function saveSettingsSection<S extends SettingsSection>(
  db: Db,
  actor: AuditActor,
  section: S,
  values: SectionValues<S>,
  version: string,
  now = new Date(),
): Promise<ShopSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).where(eq(settings.id, 1)).for('update')
    if (!before) throw new Error('The settings row is missing: start-up did not initialise the database')
    if (before.updatedAt.toISOString() !== version) throw new StaleSettings()
    const updatedAt = nextVersion(before.updatedAt, now)
    const [after] = await tx
      .update(settings)
      .set({ ...values, updatedAt })
      .where(eq(settings.id, 1))
      .returning()
    if (!after) throw new Error('the settings row was not updated')
    const { updatedAt: _was, ...was } = before
    const { updatedAt: _is, ...is } = after
    await recordAudit(tx, actor, {
      action: 'settings.update',
      entity: 'settings',
      entityId: '1',
      label: SECTION_LABELS[section],
      before: was,
      after: is,
    })
    return after
  })
}
