// The Settings tab's HTTP side (/admin/settings): the page's data (the settings and the coupons list)
// and the action that saves one section of the settings. Every function asks the admin guard first;
// refusals are 4xx answers with a message, and nothing is cached.
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { assertSameOrigin } from '#app/accounts/session.server.ts'
import { findAdmin, requireAdmin } from '#app/admin/guard.server.ts'
import { listCoupons } from '#app/checkout/coupons-admin.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { getSettings, StaleSettings, saveSettingsSection } from './settings.server.ts'
import {
  SETTINGS_SECTIONS,
  type SettingsFieldErrors,
  type SettingsSection,
  sectionInput,
  validateSection,
} from './settings-form.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

const NO_STORE = { 'Cache-Control': 'no-store' }

/** What a save answers: the toast the owner sees, and the fields to correct. */
export interface SettingsResult {
  ok: boolean
  section: SettingsSection | null
  title: string
  message: string
  fieldErrors?: SettingsFieldErrors
  stale?: boolean
}

const SAVED: Record<SettingsSection, string> = {
  shop: 'The shop’s details are saved: every page shows them from its next load.',
  delivery: 'The delivery terms are saved: carts and checkouts use them from now on.',
  couriers: 'The tracking links are saved: orders shipped from now on get them (those sent already keep theirs).',
  home: 'The home page’s claims and quotes are saved.',
  showcase: 'Showcase mode is saved.',
}

function answer(result: SettingsResult, status = result.ok ? 200 : 400) {
  return data(result, { status, headers: NO_STORE })
}

export async function settingsTabLoader({ request, context }: Args) {
  if (!(await findAdmin(request, context))) return null
  const { db, config } = context.get(servicesContext)
  const [settings, coupons] = await Promise.all([getSettings(db), listCoupons(db)])
  const { updatedAt, id: _id, ...values } = settings
  return data(
    {
      settings: values,
      version: updatedAt.toISOString(),
      coupons,
      now: new Date().toISOString(),
      // The owner's WhatsApp alerts are offered only when WhatsApp is configured.
      whatsapp: config.whatsapp !== null,
    },
    { headers: NO_STORE },
  )
}

const versionSchema = z.iso.datetime({ message: 'This page is out of date: reload it and try again.' })

export async function settingsAction({ request, context }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config, logger } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const form = await request.formData()
  const intent = form.get('intent')
  const section = SETTINGS_SECTIONS.find((name) => name === intent) ?? null
  const failed = (message: string, extra: Partial<SettingsResult> = {}, status = 400) =>
    answer({ ok: false, section, title: 'Settings not saved', message, ...extra }, status)
  if (!section) return failed('That is not a part of the settings.')
  const version = versionSchema.safeParse(form.get('version'))
  if (!version.success) return failed(version.error.issues[0]?.message ?? 'Bad request.', { stale: true })

  const input = sectionInput(section, form)
  // Without WhatsApp the box and its number are not shown, and a post of them changes nothing.
  if (section === 'shop' && !config.whatsapp) {
    input.whatsappOwnerAlerts = ''
    delete input.whatsappAlertsTo
  }
  const parsed = validateSection(section, input)
  if (!parsed.ok) {
    const count = Object.keys(parsed.fieldErrors).length
    return failed(
      count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`,
      {
        fieldErrors: parsed.fieldErrors,
      },
    )
  }
  try {
    await saveSettingsSection(db, admin, section, parsed.data, version.data)
  } catch (error) {
    if (error instanceof StaleSettings) return failed(error.message, { stale: true }, 409)
    logger.error({ err: error, section }, 'saving the settings failed')
    return failed('Something went wrong. Please try again.', {}, 500)
  }
  return answer({ ok: true, section, title: 'Settings saved', message: SAVED[section] })
}
