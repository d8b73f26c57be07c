// /admin/settings/delivery on the server: the zones and the calendar for the page, and one action for
// creating, saving and removing a zone and saving the calendar. Admin only; refusals are 4xx answers
// with a message and the fields to correct; nothing is cached.
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { assertSameOrigin } from '#app/accounts/session.server.ts'
import { findAdmin, requireAdmin } from '#app/admin/guard.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { isUuid } from '#app/shared/uuid.ts'
import {
  type CalendarField,
  calendarFormValues,
  validateCalendarForm,
  validateZoneForm,
  type ZoneField,
  zoneFormValues,
} from './zone-form.ts'
import {
  createZone,
  deleteZone,
  getCalendar,
  listZones,
  saveCalendar,
  updateZone,
  ZoneAdminError,
} from './zones.server.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

const NO_STORE = { 'Cache-Control': 'no-store' }

export const ZONE_INTENTS = ['create', 'update', 'delete', 'calendar'] as const
export type ZoneIntent = (typeof ZONE_INTENTS)[number]

/** What an action answers: the toast, the fields to correct, and which form asked ('new', a zone's id, 'calendar'). */
export interface ZoneResult {
  ok: boolean
  form: string | null
  title: string
  message: string
  fieldErrors?: Partial<Record<ZoneField | CalendarField, string>>
  stale?: boolean
}

function answer(result: ZoneResult, status = result.ok ? 200 : 400) {
  return data(result, { status, headers: NO_STORE })
}

export async function deliveryZonesLoader({ request, context }: Args) {
  if (!(await findAdmin(request, context))) return null
  const { db } = context.get(servicesContext)
  const [zones, calendar] = await Promise.all([listZones(db), getCalendar(db)])
  return data(
    {
      zones: zones.map(({ createdAt: _created, updatedAt, ...zone }) => ({
        ...zone,
        version: updatedAt.toISOString(),
      })),
      calendar: { holidays: calendar.holidays, cutoff: calendar.cutoff, version: calendar.updatedAt.toISOString() },
    },
    { headers: NO_STORE },
  )
}

const FAILED: Record<ZoneIntent, string> = {
  create: 'Zone not added',
  update: 'Zone not saved',
  delete: 'Zone not removed',
  calendar: 'Calendar not saved',
}

const versionSchema = z.iso.datetime({ message: 'This page is out of date: reload it and try again.' })

function fieldsToCorrect(count: number) {
  return count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`
}

export async function deliveryZonesAction({ request, context }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config, logger } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const form = await request.formData()
  const intent = ZONE_INTENTS.find((name) => name === form.get('intent'))
  const zoneId = form.get('zoneId')
  const formId = intent === 'create' ? 'new' : intent === 'calendar' ? 'calendar' : isUuid(zoneId) ? zoneId : null
  const failed = (message: string, extra: Partial<ZoneResult> = {}, status = 400) =>
    answer({ ok: false, form: formId, title: intent ? FAILED[intent] : 'Not saved', message, ...extra }, status)
  if (!intent) return failed('That is not something the delivery settings can do.')
  if (intent !== 'create' && !versionSchema.safeParse(form.get('version')).success) {
    return failed('This page is out of date: reload it and try again.', { stale: true })
  }
  const version = String(form.get('version'))
  if ((intent === 'update' || intent === 'delete') && formId === null) {
    return failed('This delivery zone does not exist.', {}, 404)
  }
  const id = formId ?? ''

  try {
    if (intent === 'calendar') {
      const parsed = validateCalendarForm(calendarFormValues(form))
      if (!parsed.ok) return failed(fieldsToCorrect(Object.keys(parsed.fieldErrors).length), parsed)
      await saveCalendar(db, admin, { version, input: parsed.data })
      return answer({
        ok: true,
        form: formId,
        title: 'Calendar saved',
        message: 'Delivery dates count these holidays and this cut-off from now on.',
      })
    }
    if (intent === 'delete') {
      const removed = await deleteZone(db, admin, { id, version })
      return answer({
        ok: true,
        form: formId,
        title: 'Zone removed',
        message: `${removed.name} is removed: its PIN codes now get the next zone that covers them, if any.`,
      })
    }
    const parsed = validateZoneForm(zoneFormValues(form))
    if (!parsed.ok) return failed(fieldsToCorrect(Object.keys(parsed.fieldErrors).length), parsed)
    const zone =
      intent === 'create'
        ? await createZone(db, admin, parsed.data)
        : await updateZone(db, admin, { id, version, input: parsed.data })
    return answer({
      ok: true,
      form: formId,
      title: intent === 'create' ? 'Zone added' : 'Zone saved',
      message: `${zone.name}: delivery quotes and checkouts use it from now on.`,
    })
  } catch (error) {
    if (error instanceof ZoneAdminError) {
      return failed(error.message, { stale: error.kind === 'stale' }, error.kind === 'stale' ? 409 : 404)
    }
    logger.error({ err: error, intent }, 'a delivery settings change failed')
    return failed('Something went wrong. Please try again.', {}, 500)
  }
}
