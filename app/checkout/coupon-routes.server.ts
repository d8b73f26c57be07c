// The coupon pages' HTTP side (/admin/settings/coupons/new and /admin/settings/coupons/<CODE>): the
// form's data and the actions that create, save, disable and enable. Admin only; refusals are 4xx
// answers with a message for the owner, and nothing is cached.
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { assertSameOrigin } from '#app/accounts/session.server.ts'
import { findAdmin, requireAdmin } from '#app/admin/guard.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { type CouponFieldErrors, couponFormValues, validateCouponForm } from './coupon-form.ts'
import { normaliseCouponCode } from './coupons.server.ts'
import { CouponAdminError, createCoupon, findCoupon, setCouponActive, updateCoupon } from './coupons-admin.server.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider>; params?: Record<string, string | undefined> }

const NO_STORE = { 'Cache-Control': 'no-store' }
const NOT_FOUND = 'This coupon does not exist.'

/** What a coupon action answers: the toast, the fields to correct, and where the coupon now lives. */
export interface CouponResult {
  ok: boolean
  title: string
  message: string
  fieldErrors?: CouponFieldErrors
  stale?: boolean
  code?: string
  /** The coupon's version after an enable or disable, for the edit form on the same page. */
  version?: string
}

function answer(result: CouponResult, status = result.ok ? 200 : 400) {
  return data(result, { status, headers: NO_STORE })
}

const ERROR_STATUS: Record<CouponAdminError['kind'], number> = {
  'not-found': 404,
  stale: 409,
  taken: 409,
  unchanged: 409,
}

function codeFrom(params: Args['params']): string {
  const code = normaliseCouponCode(params?.code ?? '')
  if (!code || code !== params?.code) throw data({ message: NOT_FOUND }, { status: 404, headers: NO_STORE })
  return code
}

export async function editCouponLoader({ request, context, params }: Args) {
  if (!(await findAdmin(request, context))) return null
  const coupon = await findCoupon(context.get(servicesContext).db, codeFrom(params))
  if (!coupon) throw data({ message: NOT_FOUND }, { status: 404, headers: NO_STORE })
  return data({ coupon, version: coupon.updatedAt.toISOString(), now: new Date().toISOString() }, { headers: NO_STORE })
}

function invalid(fieldErrors: CouponFieldErrors, title: string) {
  const count = Object.keys(fieldErrors).length
  return answer({
    ok: false,
    title,
    message:
      count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`,
    fieldErrors,
  })
}

export async function createCouponAction({ request, context }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config, logger } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const title = 'Coupon not created'
  const parsed = validateCouponForm(couponFormValues(await request.formData()), { withCode: true })
  if (!parsed.ok) return invalid(parsed.fieldErrors, title)
  try {
    const created = await createCoupon(db, admin, parsed.code, parsed.data)
    return answer({
      ok: true,
      title: 'Coupon created',
      message: `${created.code} is ready to use.`,
      code: created.code,
    })
  } catch (error) {
    if (error instanceof CouponAdminError) {
      return answer(
        { ok: false, title, message: error.message, fieldErrors: { code: error.message } },
        ERROR_STATUS[error.kind],
      )
    }
    logger.error({ err: error }, 'creating a coupon failed')
    return answer({ ok: false, title, message: 'Something went wrong. Please try again.' }, 500)
  }
}

const switchSchema = z.object({
  intent: z.enum(['save', 'disable', 'enable'], 'That is not something a coupon can do.'),
  version: z.iso.datetime({ message: 'This page is out of date: reload it and try again.' }),
})

const FAILED = { save: 'Coupon not saved', disable: 'Coupon not disabled', enable: 'Coupon not enabled' } as const

export async function editCouponAction({ request, context, params }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config, logger } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const code = codeFrom(params)
  const form = await request.formData()
  const head = switchSchema.safeParse({ intent: form.get('intent'), version: form.get('version') })
  if (!head.success) {
    const issue = head.error.issues[0]
    return answer({
      ok: false,
      title: 'Coupon not changed',
      message: issue?.message ?? 'Bad request.',
      stale: issue?.path[0] === 'version',
    })
  }
  const { intent, version } = head.data
  try {
    if (intent === 'save') {
      const parsed = validateCouponForm(couponFormValues(form), { withCode: false })
      if (!parsed.ok) return invalid(parsed.fieldErrors, FAILED.save)
      await updateCoupon(db, admin, { code, version, terms: parsed.data })
      return answer({ ok: true, title: 'Coupon saved', message: `${code} now works as the form says.`, code })
    }
    const active = intent === 'enable'
    const after = await setCouponActive(db, admin, { code, version, active })
    return answer({
      ok: true,
      title: active ? 'Coupon enabled' : 'Coupon disabled',
      message: active ? `Shoppers can use ${code} again.` : `Shoppers are told ${code} is no longer available.`,
      code,
      version: after.updatedAt.toISOString(),
    })
  } catch (error) {
    if (error instanceof CouponAdminError) {
      return answer(
        { ok: false, title: FAILED[intent], message: error.message, stale: error.kind === 'stale' },
        ERROR_STATUS[error.kind],
      )
    }
    logger.error({ err: error, code, intent }, 'a coupon change failed')
    return answer({ ok: false, title: FAILED[intent], message: 'Something went wrong. Please try again.' }, 500)
  }
}
