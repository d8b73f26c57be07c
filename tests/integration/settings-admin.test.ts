// The Settings tab against a real database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set):
// each section saves in one transaction with its audit record, a stale form is refused, every bad
// input is refused with a message and changes nothing, and a change is read by the next request.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { products } from '#app/catalog/schema.ts'
import { orders } from '#app/orders/schema.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { auditLog } from '#app/platform/schema.ts'
import { settings } from '#app/settings/schema.ts'
import { getSettings, StaleSettings, saveSettingsSection } from '#app/settings/settings.server.ts'
import { type SettingsSection, sectionInput, validateSection } from '#app/settings/settings-form.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'
import { ratlamiSev } from './product-rows.ts'

const owner = { id: 'settings-owner', name: 'Shop Owner', email: 'owner@shop.test' }

/** The shop-details form as the tab posts it. */
function shopForm(fields: Record<string, string | string[]> = {}): FormData {
  const values: Record<string, string | string[]> = {
    intent: 'shop',
    shopName: 'Malwa Namkeen',
    legalName: 'Malwa Namkeen Private Limited',
    address: '14, Sarafa Bazaar, Indore, Madhya Pradesh 452002',
    phone: '098765-43210',
    whatsappNumber: '+91 91234 56789',
    email: 'hello@malwa.example',
    fssaiLicence: '1142 4999 0001 23',
    gstin: '23abcde1234f1z8',
    state: 'Madhya Pradesh',
    grievanceOfficerName: 'Sunita Joshi',
    grievanceOfficerEmail: 'grievance@malwa.example',
    grievanceOfficerPhone: '9123456780',
    qualityTagline: 'Fried fresh every week in Indore.',
    socialLabel: ['Instagram', '', 'YouTube'],
    socialUrl: ['https://www.instagram.com/malwa', '', 'https://www.youtube.com/@malwa'],
    ...fields,
  }
  return formOf(values)
}

function formOf(values: Record<string, string | string[]>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item)
  }
  return form
}

describe.each(DATABASE_KINDS)('the Settings tab on %s', (kind) => {
  let database: Database
  let db: Database['db']

  const version = async () => (await getSettings(db)).updatedAt.toISOString()
  const validated = <S extends SettingsSection>(section: S, form: FormData) => {
    const result = validateSection(section, sectionInput(section, form))
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.fieldErrors)}`)
    return result.data
  }
  const save = async <S extends SettingsSection>(section: S, form: FormData) =>
    saveSettingsSection(db, owner, section, validated(section, form), await version())

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    await db.insert(users).values({ ...owner, role: 'admin' })
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(auditLog)
  })

  it('saves the shop’s details in the shop’s formats, with an audit record of what changed', async () => {
    const before = await getSettings(db)
    const saved = await save('shop', shopForm())
    expect(saved).toMatchObject({
      legalName: 'Malwa Namkeen Private Limited',
      phone: '+91 98765 43210',
      whatsappNumber: '+91 91234 56789',
      fssaiLicence: '11424999000123',
      gstin: '23ABCDE1234F1Z8',
      grievanceOfficerPhone: '+91 91234 56780',
      // The blank row in between is dropped.
      socialLinks: [
        { label: 'Instagram', url: 'https://www.instagram.com/malwa' },
        { label: 'YouTube', url: 'https://www.youtube.com/@malwa' },
      ],
    })
    expect(saved.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime())
    // Other sections are untouched.
    expect(saved).toMatchObject({ deliveryFee: before.deliveryFee, ratingClaim: before.ratingClaim })
    const [audit] = await db.select().from(auditLog)
    expect(audit).toMatchObject({
      action: 'settings.update',
      entity: 'settings',
      entityId: '1',
      label: 'Shop details',
      actorId: owner.id,
    })
    expect(audit?.before).toMatchObject({ gstin: '', legalName: before.legalName })
    expect(audit?.after).toMatchObject({ gstin: '23ABCDE1234F1Z8', legalName: 'Malwa Namkeen Private Limited' })
    expect(Object.keys(audit?.after as object)).not.toContain('deliveryFee')
  })

  it('accepts an empty WhatsApp number and GSTIN (none, not registered)', async () => {
    const saved = await save('shop', shopForm({ whatsappNumber: '', gstin: '' }))
    expect(saved).toMatchObject({ whatsappNumber: '', gstin: '' })
  })

  it('saves the owner’s own WhatsApp number for new-order alerts canonical, and refuses the box ticked without a mobile number', async () => {
    const owners = (fields: Record<string, string | string[]>) =>
      shopForm({ whatsappOwnerAlerts: ['off', 'on'], whatsappAlertsTo: '098270-12345', ...fields })
    const saved = await save('shop', owners({}))
    expect(saved).toMatchObject({ whatsappOwnerAlerts: true, whatsappAlertsTo: '+919827012345' })
    const before = await getSettings(db)
    const refused = (fields: Record<string, string | string[]>) =>
      validateSection('shop', sectionInput('shop', owners(fields)))
    // The shop's own WhatsApp number does not stand in for the owner's.
    expect(refused({ whatsappAlertsTo: '' })).toEqual({
      ok: false,
      fieldErrors: { whatsappAlertsTo: 'New orders go to your own WhatsApp number: enter it, or untick the box.' },
    })
    for (const whatsappOwnerAlerts of [['off', 'on'], ['off']]) {
      for (const whatsappAlertsTo of ['5876543210', '+1 415 555 0100', '98270 1234']) {
        expect(refused({ whatsappOwnerAlerts, whatsappAlertsTo }), whatsappAlertsTo).toEqual({
          ok: false,
          fieldErrors: {
            whatsappAlertsTo:
              'Please enter your own WhatsApp number as a 10-digit Indian mobile number, like 98765 43210.',
          },
        })
      }
    }
    // Unticked, the number may be left empty; without the box (WhatsApp not configured) it is not read.
    expect(refused({ whatsappOwnerAlerts: ['off'], whatsappAlertsTo: '' })).toMatchObject({
      ok: true,
      data: { whatsappOwnerAlerts: false, whatsappAlertsTo: '' },
    })
    const unshown = validateSection('shop', sectionInput('shop', shopForm({ whatsappAlertsTo: 'nonsense' })))
    expect(unshown.ok && unshown.data.whatsappAlertsTo).toBeUndefined()
    expect(await getSettings(db)).toEqual(before)
    // A save that does not carry the field keeps the number.
    expect(await save('shop', shopForm())).toMatchObject({
      whatsappOwnerAlerts: true,
      whatsappAlertsTo: '+919827012345',
    })
  })

  it.each([
    ['shopName', '', 'Please enter the shop’s name.'],
    ['phone', '12345', 'Please enter the shop’s phone number as a 10-digit Indian mobile number, like 98765 43210.'],
    [
      'phone',
      '+1 415 555 0100',
      'Please enter the shop’s phone number as a 10-digit Indian mobile number, like 98765 43210.',
    ],
    [
      'whatsappNumber',
      '5876543210',
      'Please enter the WhatsApp number as a 10-digit Indian mobile number, like 98765 43210.',
    ],
    ['email', 'hello@', 'Please enter a valid e-mail address for the shop’s e-mail, like name@example.com.'],
    ['fssaiLicence', '1234567890123', 'The FSSAI licence number has 14 digits, like 11424999000123.'],
    ['fssaiLicence', '1234567890123A', 'The FSSAI licence number has 14 digits, like 11424999000123.'],
    [
      'gstin',
      '23ABCDE1234F1Z',
      'A GSTIN has 15 characters: the state code, the PAN, a digit, Z and a check character, like 23ABCDE1234F1Z8.',
    ],
    ['gstin', '25ABCDE1234F1Z8', '25 is not the GST code of an Indian state or union territory.'],
    ['gstin', '23ABCDE1234F1Z9', 'This GSTIN’s last character does not match the others: please check it for a typo.'],
    [
      'grievanceOfficerEmail',
      'nobody',
      'Please enter a valid e-mail address for the grievance officer, like name@example.com.',
    ],
    ['address', 'Indore', 'Please enter the postal address of at least 10 characters.'],
    ['qualityTagline', 'x'.repeat(201), 'Please keep the quality tagline to 200 characters or fewer.'],
    ['state', 'Orissa', 'Please choose the state or union territory the shop is registered in.'],
  ])('refuses %s %j with a clear message, and changes nothing', async (field, value, message) => {
    const before = await getSettings(db)
    const result = validateSection('shop', sectionInput('shop', shopForm({ [field]: value })))
    expect(result).toEqual({ ok: false, fieldErrors: { [field]: message } })
    expect(await getSettings(db)).toEqual(before)
  })

  it('refuses a GSTIN registered in another state than the shop’s, naming both', () => {
    const result = validateSection('shop', sectionInput('shop', shopForm({ state: 'Maharashtra' })))
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        gstin:
          'This GSTIN is registered in Madhya Pradesh (code 23), not Maharashtra (code 27): choose that state, or check the GSTIN.',
      },
    })
    expect(validateSection('shop', sectionInput('shop', shopForm({ state: 'Maharashtra', gstin: '' }))).ok).toBe(true)
  })

  it('refuses social links that are not https addresses, or nameless', () => {
    const check = (label: string[], url: string[]) =>
      validateSection('shop', sectionInput('shop', shopForm({ socialLabel: label, socialUrl: url })))
    expect(check(['Instagram'], ['http://www.instagram.com/malwa'])).toEqual({
      ok: false,
      fieldErrors: {
        'socialLinks.0.url': 'Please enter a full https:// address, like https://www.instagram.com/yourshop.',
      },
    })
    expect(check(['Instagram', 'Blog'], ['https://www.instagram.com/malwa', 'javascript:alert(1)'])).toMatchObject({
      fieldErrors: { 'socialLinks.1.url': expect.stringContaining('https://') },
    })
    expect(check([''], ['https://www.instagram.com/malwa'])).toMatchObject({
      fieldErrors: { 'socialLinks.0.label': 'Please enter the link’s name.' },
    })
    expect(check(Array(7).fill('X'), Array(7).fill('https://x.example'))).toMatchObject({
      fieldErrors: { socialLinks: 'Please keep to 6 social links.' },
    })
  })

  it('saves the delivery terms in paise, and refuses out-of-range or malformed money without changing anything', async () => {
    const saved = await save('delivery', formOf({ deliveryFee: '40.50', freeDeliveryThreshold: '₹1,000' }))
    expect(saved).toMatchObject({ deliveryFee: 4050, freeDeliveryThreshold: 100000 })
    const before = await getSettings(db)
    const refused = (fields: Record<string, string>) =>
      validateSection(
        'delivery',
        sectionInput('delivery', formOf({ deliveryFee: '50', freeDeliveryThreshold: '500', ...fields })),
      )
    expect(refused({ deliveryFee: '1000.01' })).toEqual({
      ok: false,
      fieldErrors: { deliveryFee: 'The delivery fee must be between ₹0 and ₹1,000.' },
    })
    expect(refused({ deliveryFee: '-1' })).toMatchObject({
      fieldErrors: { deliveryFee: 'The delivery fee must be between ₹0 and ₹1,000.' },
    })
    expect(refused({ deliveryFee: '5-' })).toMatchObject({
      fieldErrors: {
        deliveryFee: 'The delivery fee must be an amount in rupees with at most two decimals, like 50 or 49.50.',
      },
    })
    expect(refused({ deliveryFee: '12.345' })).toMatchObject({ fieldErrors: { deliveryFee: expect.any(String) } })
    expect(refused({ deliveryFee: '' })).toMatchObject({
      fieldErrors: { deliveryFee: 'Please enter the delivery fee in rupees.' },
    })
    expect(refused({ freeDeliveryThreshold: '100000.01' })).toMatchObject({
      fieldErrors: { freeDeliveryThreshold: 'The free-delivery amount must be between ₹0 and ₹1,00,000.' },
    })
    expect(refused({ freeDeliveryThreshold: 'lots' })).toMatchObject({
      fieldErrors: { freeDeliveryThreshold: expect.any(String) },
    })
    expect(await getSettings(db)).toEqual(before)
  })

  it('saves claims (empty hides one) and the customers’ quotes, and refuses what is too long', async () => {
    const saved = await save(
      'home',
      formOf({
        ratingClaim: '',
        varietiesClaim: '12',
        familiesClaim: '5000+',
        quote: ['Crisp and fresh, every time.', ''],
        quoteName: ['Meera K.', ''],
        quoteCity: ['Bhopal', ''],
      }),
    )
    expect(saved).toMatchObject({
      ratingClaim: '',
      varietiesClaim: '12',
      testimonials: [{ quote: 'Crisp and fresh, every time.', name: 'Meera K.', city: 'Bhopal' }],
    })
    const check = (fields: Record<string, string | string[]>) =>
      validateSection(
        'home',
        sectionInput('home', formOf({ ratingClaim: '4.8', varietiesClaim: '12', familiesClaim: '', ...fields })),
      )
    expect(check({ varietiesClaim: '50+ varieties!!' })).toMatchObject({
      fieldErrors: { varietiesClaim: 'Please keep a claim to 12 characters, like 4.8 or 5000+.' },
    })
    // The rating shows under a star as 'Rated … by our customers': a figure out of 5, one decimal at most.
    for (const ratingClaim of ['7.5', '0', '0.5', '4.85', 'excellent', '5+', '4,8']) {
      expect(check({ ratingClaim }), ratingClaim).toMatchObject({
        fieldErrors: { ratingClaim: 'Please enter the average rating out of 5, like 4.8, or leave it empty.' },
      })
    }
    for (const ratingClaim of ['4.8', '5', '1', ' 4.5 ']) expect(check({ ratingClaim }).ok, ratingClaim).toBe(true)
    expect(check({ quote: ['Too short'], quoteName: ['A'], quoteCity: ['B'] })).toMatchObject({
      fieldErrors: { 'testimonials.0.quote': 'Please enter the quote of at least 10 characters.' },
    })
    expect(check({ quote: ['A long enough quote.'], quoteName: [''], quoteCity: ['Pune'] })).toMatchObject({
      fieldErrors: { 'testimonials.0.name': 'Please enter the customer’s name.' },
    })
  })

  it('switches showcase mode, and refuses anything but on or off', async () => {
    expect((await save('showcase', formOf({ showcaseMode: 'on' }))).showcaseMode).toBe(true)
    expect((await save('showcase', formOf({ showcaseMode: 'off' }))).showcaseMode).toBe(false)
    expect(validateSection('showcase', sectionInput('showcase', formOf({ showcaseMode: 'true' })))).toEqual({
      ok: false,
      fieldErrors: { showcaseMode: 'Please choose whether the shop takes orders.' },
    })
  })

  it('refuses a save from a form loaded before another save, and keeps the newer change', async () => {
    const seen = await version()
    await saveSettingsSection(db, owner, 'delivery', { deliveryFee: 6000, freeDeliveryThreshold: 60000 }, seen)
    await expect(
      saveSettingsSection(db, owner, 'delivery', { deliveryFee: 1000, freeDeliveryThreshold: 10000 }, seen),
    ).rejects.toBeInstanceOf(StaleSettings)
    expect(await getSettings(db)).toMatchObject({ deliveryFee: 6000, freeDeliveryThreshold: 60000 })
    expect(await db.$count(auditLog)).toBe(1)
  })

  it('is read again by the next request: a change made elsewhere applies to the next order', async () => {
    await save('delivery', formOf({ deliveryFee: '50', freeDeliveryThreshold: '500' }))
    await save('showcase', formOf({ showcaseMode: 'off' }))
    // Another server instance saving: straight into the database, nothing in this process hears of it.
    await db.execute(
      sql`update settings set delivery_fee = 7500, free_delivery_threshold = 90000, shop_name = 'Malwa Snacks'`,
    )
    expect(await getSettings(db)).toMatchObject({ deliveryFee: 7500, shopName: 'Malwa Snacks' })
    await db.delete(orders)
    const [product] = await db
      .insert(products)
      .values(ratlamiSev({ slug: `sev-${randomUUID().slice(0, 8)}`, stock250g: 5, stock500g: 5, stock1kg: 0 }))
      .returning({ id: products.id })
    const placed = await placeGuestOrder(db, [{ productId: product!.id, size: '250g', quantity: 1 }], {
      details: { phone: '+919876500001' },
    })
    const [stored] = await db.select().from(orders).where(eq(orders.id, placed.orderId))
    expect(stored).toMatchObject({ deliveryFee: 7500, totalAmount: 15500 })
    await db.update(settings).set({ shopName: 'Malwa Namkeen' })
  })
})
