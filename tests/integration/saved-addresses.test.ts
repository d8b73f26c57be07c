// The address book through the production server, on each database (docs/decisions/029-saved-addresses.md):
// adding, editing, deleting and the default; bad input refused with the form's sentences and nothing
// stored; another account's address not found (404) and unchanged, in the book and at checkout; the
// checkout ordering to a saved address, re-checked as a typed one (a zone switched off since it was
// saved; the state's re-check is app/checkout/address-choice.test.ts's); and "Save this address"
// keeping a signed-in shopper's address, never a guest's. Needs a build.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Shopper } from '../../scripts/drills/lib/shopper.ts'
import { type RunningServer, startServer } from '../server-process.ts'
import { DATABASE_KINDS, serverDatabaseEnv } from './databases.ts'

const admin = { email: 'addresses-admin@shop.example', password: 'addresses-admin-password' }
const BOOK = '/account/addresses'
const NEW = '/account/addresses/new'

/** The page's text with React's entities and text separators read back. */
function text(html: string): string {
  return html
    .replaceAll('<!-- -->', '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
}

interface BookEntry {
  id: string
  heading: string
  isDefault: boolean
  text: string
}

/** The address book as its page lists it, the default first. */
async function bookOf(shopper: Shopper): Promise<BookEntry[]> {
  const page = await shopper.get(BOOK)
  expect(page.status).toBe(200)
  return page.text
    .split('<article')
    .slice(1)
    .map((rest) => rest.slice(rest.indexOf('>') + 1, rest.indexOf('</article>')))
    .map((card) => {
      const id = /href="\/account\/addresses\/([0-9a-f-]{36})"/.exec(card)?.[1] ?? ''
      const heading = text(/<h2[^>]*>(.*?)<\/h2>/s.exec(card)?.[1] ?? '').replace(/<[^>]+>/g, ' ')
      return {
        id,
        heading: heading.replace(/\s+/g, ' ').trim(),
        isDefault: /\bDefault\b/.test(heading),
        text: text(card.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' '),
      }
    })
}

/** The address form as a shopper fills it in: Parents in Bhopal unless told otherwise. */
const addressForm = (fields: Record<string, string> = {}) => ({
  label: 'parents',
  customLabel: '',
  fullName: 'Kamla Verma',
  phone: '98260 12345',
  address: '45, Arera Colony, E-3',
  city: 'Bhopal',
  state: 'Madhya Pradesh',
  pincode: '462016',
  ...fields,
})

describe.each(DATABASE_KINDS)('saved addresses on %s', (kind) => {
  let server: RunningServer
  let cleanup = async () => {}
  let owner: Shopper
  let productId: string
  let accounts = 0

  beforeAll(async () => {
    const { env, drop } = await serverDatabaseEnv(kind)
    cleanup = drop
    server = await startServer({
      ...env,
      SHOWCASE_MODE: 'false',
      SEED_DEMO: 'true',
      ORDER_RATE_LIMIT: '0',
      TRUST_PROXY: 'true',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    })
    owner = new Shopper(server.url)
    await owner.signInAsAdmin(admin)
    const html = (await owner.get('/products/premium-ratlami-sev')).text
    productId = /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
  })
  afterAll(async () => {
    await server?.stop()
    await cleanup()
  })

  async function customer(name = 'Asha Verma'): Promise<Shopper> {
    const shopper = new Shopper(server.url)
    await shopper.signUpAndSignIn(`book-${kind}-${++accounts}-${randomUUID()}@example.in`, 'sev aur jalebi', name)
    return shopper
  }

  async function add(shopper: Shopper, fields: Record<string, string> = {}) {
    const answer = await shopper.post(NEW, addressForm(fields))
    expect(answer.status, text(answer.text).slice(0, 400)).toBe(302)
    expect(answer.location).toBe(`${BOOK}?done=saved`)
  }

  /** The shopper's cart with one packet, and the checkout's idempotency key. */
  async function atCheckout(shopper: Shopper): Promise<string> {
    await shopper.addToCart(productId, '250g')
    return shopper.openCheckout()
  }

  /** The checkout form with a saved address chosen: only the e-mail, the payment and the terms are typed. */
  const savedChoice = (key: string, savedAddressId: string) => ({
    idempotencyKey: key,
    savedAddressId,
    email: 'asha@example.in',
    paymentMethod: 'cod',
    acceptTerms: 'on',
  })

  it('adds, edits and deletes addresses; the first is the default, another can be made it, and deleting the default passes it on', async () => {
    const shopper = await customer()
    expect(text((await shopper.get(BOOK)).text)).toContain('You have no saved addresses yet.')
    // The form starts on Home with the account's name.
    const form = text((await shopper.get(NEW)).text)
    expect(form).toContain('Your first address is your default.')
    expect(form).toMatch(/<input type="radio"[^>]*name="label" checked="" value="home"/)

    await add(shopper, {
      label: 'home',
      fullName: 'Asha Verma',
      address: '12, Vijay Nagar, Scheme 54',
      city: 'Indore',
      pincode: '452010',
    })
    expect(text((await shopper.get(`${BOOK}?done=saved`)).text)).toContain('Address saved.')
    let book = await bookOf(shopper)
    expect(book).toHaveLength(1)
    expect(book[0]).toMatchObject({ heading: 'Home Default', isDefault: true })
    expect(book[0]!.text).toContain('12, Vijay Nagar, Scheme 54, Indore, Madhya Pradesh - 452010')
    expect(book[0]!.text).toContain('+91 98260 12345')

    // A second one, not the default unless asked; then one made the default on adding it.
    await add(shopper)
    await add(shopper, {
      label: 'other',
      customLabel: 'Didi’s flat',
      city: 'Ujjain',
      pincode: '456010',
      makeDefault: 'on',
    })
    book = await bookOf(shopper)
    expect(book.map((entry) => [entry.heading, entry.isDefault])).toEqual([
      ['Didi’s flat Default', true],
      ['Parents', false],
      ['Home', false],
    ])
    const [didi, parents, home] = book as [BookEntry, BookEntry, BookEntry]

    // Make default, from the book.
    const made = await shopper.post(BOOK, { intent: 'default', addressId: home.id })
    expect(made).toMatchObject({ status: 302, location: `${BOOK}?done=default` })
    book = await bookOf(shopper)
    expect(book.filter((entry) => entry.isDefault).map((entry) => entry.id)).toEqual([home.id])

    // Edit: the form shows the address; its changes are kept, the label too.
    const edit = text((await shopper.get(`${BOOK}/${parents.id}`)).text)
    expect(edit).toContain('Edit address')
    expect(edit).toContain('45, Arera Colony, E-3')
    const edited = await shopper.post(
      `${BOOK}/${parents.id}`,
      addressForm({ label: 'office', address: '7, MP Nagar Zone 1' }),
    )
    expect(edited).toMatchObject({ status: 302, location: `${BOOK}?done=saved` })
    book = await bookOf(shopper)
    const office = book.find((entry) => entry.id === parents.id)!
    expect(office.heading).toBe('Office')
    expect(office.text).toContain('7, MP Nagar Zone 1, Bhopal, Madhya Pradesh - 462016')

    // Deleting the default makes the newest other address the default.
    const deleted = await shopper.post(BOOK, { intent: 'delete', addressId: home.id })
    expect(deleted).toMatchObject({ status: 302, location: `${BOOK}?done=deleted` })
    book = await bookOf(shopper)
    expect(book.map((entry) => entry.id)).toEqual([didi.id, parents.id])
    expect(book[0]!.isDefault).toBe(true)
    expect(book.filter((entry) => entry.isDefault)).toHaveLength(1)
    // Deleted is gone: its form is not found.
    expect((await shopper.get(`${BOOK}/${home.id}`)).status).toBe(404)
    expect((await shopper.post(BOOK, { intent: 'delete', addressId: home.id })).status).toBe(404)

    // In Hindi, the same book.
    const hindi = text((await shopper.get(`/hi${BOOK}`)).text)
    expect(hindi).toContain('मेरे पते')
    expect(hindi).toContain('मुख्य')
    expect(hindi).toContain('Didi’s flat')
  })

  it('refuses bad input with the checkout’s sentences, with 400, and stores nothing', async () => {
    const shopper = await customer()
    await add(shopper, { label: 'home' })
    const [home] = await bookOf(shopper)
    const refusals: [Record<string, string>, string][] = [
      [{ label: '' }, 'Please choose a label: Home, Parents, Office or Other.'],
      [{ label: 'palace' }, 'Please choose a label: Home, Parents, Office or Other.'],
      [{ label: 'other', customLabel: '' }, 'Please give this address a name, like Didi’s flat.'],
      [{ label: 'other', customLabel: 'x'.repeat(31) }, 'Please keep the name to 30 characters or fewer.'],
      [{ fullName: '' }, 'Please enter your full name.'],
      [{ phone: '12345' }, 'Please enter a 10-digit Indian mobile number, like 98765 43210.'],
      [{ address: 'Bhopal' }, 'Please enter your full address'],
      [{ city: '' }, 'Please enter your city.'],
      [{ state: 'Atlantis' }, 'Please choose your state or union territory from the list.'],
      [{ pincode: '46201' }, 'Please enter a 6-digit PIN code, like 452001.'],
      [{ pincode: '062016' }, 'A PIN code never starts with 0.'],
      [{ state: 'Kerala' }, 'This PIN code is not in Kerala. Please check your PIN code or the state you chose.'],
    ]
    for (const [fields, message] of refusals) {
      const added = await shopper.post(NEW, addressForm(fields))
      expect(added.status, JSON.stringify(fields)).toBe(400)
      expect(text(added.text)).toContain(message)
      // The same on an edit: the address stays as it was.
      const edited = await shopper.post(`${BOOK}/${home!.id}`, addressForm({ label: 'home', ...fields }))
      expect(edited.status, JSON.stringify(fields)).toBe(400)
    }
    const book = await bookOf(shopper)
    expect(book).toHaveLength(1)
    expect(book[0]).toMatchObject({ id: home!.id, heading: 'Home Default' })
    expect(book[0]!.text).toContain('45, Arera Colony, E-3, Bhopal, Madhya Pradesh - 462016')

    // In Hindi, in Hindi.
    const hindi = await shopper.post(`/hi${NEW}`, addressForm({ phone: '12345' }))
    expect(hindi.status).toBe(400)
    expect(text(hindi.text)).toContain('मोबाइल')

    // An unknown button is refused; a visitor who is not signed in is sent to sign in.
    expect((await shopper.post(BOOK, { intent: 'rename', addressId: home!.id })).status).toBe(400)
    const guest = new Shopper(server.url)
    expect(await guest.get(BOOK)).toMatchObject({ status: 302, location: `/auth?redirectTo=${BOOK}` })
    expect((await guest.post(NEW, addressForm())).status).toBe(302)
  })

  it('keeps at most 20 addresses in a book', async () => {
    const shopper = await customer()
    for (let n = 1; n <= 20; n++) await add(shopper, { address: `${n}, Arera Colony, E-3` })
    const full = await shopper.post(NEW, addressForm({ address: '21, Arera Colony, E-3' }))
    expect(full.status).toBe(409)
    expect(text(full.text)).toContain('Your address book is full (20 addresses). Delete one to add another.')
    expect(await bookOf(shopper)).toHaveLength(20)
  })

  it('answers another account’s address with 404 and changes nothing: edit, delete, make default, checkout', async () => {
    const asha = await customer()
    await add(asha, { label: 'home' })
    await add(asha)
    const before = await bookOf(asha)
    const [home, parents] = before as [BookEntry, BookEntry]
    const mallory = await customer('Mallory Shah')
    await add(mallory, {
      label: 'home',
      fullName: 'Mallory Shah',
      address: '3, Palasia Square, AB Road',
      city: 'Indore',
      pincode: '452001',
    })

    expect((await mallory.get(`${BOOK}/${parents.id}`)).status).toBe(404)
    const edit = await mallory.post(`${BOOK}/${parents.id}`, addressForm({ fullName: 'Mallory Shah' }))
    expect(edit.status).toBe(404)
    expect(text(edit.text)).not.toContain('Kamla Verma')
    const remove = await mallory.post(BOOK, { intent: 'delete', addressId: home.id })
    expect(remove.status).toBe(404)
    expect(text(remove.text)).toContain('This address is not in your address book.')
    expect((await mallory.post(BOOK, { intent: 'default', addressId: parents.id })).status).toBe(404)
    // Not an id at all: not found either.
    expect((await mallory.post(BOOK, { intent: 'delete', addressId: 'not-an-id' })).status).toBe(404)
    expect((await mallory.get(`${BOOK}/not-an-id`)).status).toBe(404)

    // At checkout: refused, nothing ordered, and Mallory's cart is still there.
    const key = await atCheckout(mallory)
    const order = await mallory.post('/checkout', savedChoice(key, parents.id))
    expect(order.status).toBe(404)
    expect(text(order.text)).toContain('This address is not in your address book any more.')
    expect(text(order.text)).not.toContain('Arera Colony')
    expect(text((await mallory.get('/my-orders')).text)).not.toContain('Kamla Verma')
    expect((await mallory.get('/checkout')).text).toContain('name="idempotencyKey"')
    // A guest with the id: the same.
    const guest = new Shopper(server.url)
    const guestKey = await atCheckout(guest)
    expect((await guest.post('/checkout', savedChoice(guestKey, parents.id))).status).toBe(404)

    // Asha's book is as it was, and Mallory's has only hers.
    expect(await bookOf(asha)).toEqual(before)
    expect((await bookOf(mallory)).map((entry) => entry.heading)).toEqual(['Home Default'])
    expect((await owner.get('/admin/orders.csv')).text).not.toContain('Kamla Verma')
  })

  it('orders to a saved address: the checkout offers the book, default first, and places the order at the address read from the database', async () => {
    const shopper = await customer()
    await add(shopper, {
      label: 'home',
      fullName: 'Asha Verma',
      address: '12, Vijay Nagar, Scheme 54',
      city: 'Indore',
      pincode: '452010',
    })
    await add(shopper)
    const [home, parents] = (await bookOf(shopper)) as [BookEntry, BookEntry]
    const key = await atCheckout(shopper)
    const page = text((await shopper.get('/checkout')).text)
    expect(page).toContain('Deliver to')
    expect(page).toContain('A new address')
    expect(page.indexOf(home.id)).toBeLessThan(page.indexOf(parents.id))
    // The typed fields say nothing about a saved address: posted with other values, they are not used.
    const placed = await shopper.post('/checkout', {
      ...savedChoice(key, parents.id),
      fullName: 'Someone Else',
      address: '1, Forged Lane, Nowhere',
      pincode: '110001',
      state: 'Delhi',
    })
    expect(placed.status, text(placed.text).slice(0, 300)).toBe(302)
    const orderId = /orderId=([0-9a-f-]{36})/.exec(placed.location ?? '')![1]
    const order = JSON.parse((await owner.get(`/admin/orders/${orderId}`)).text)
    expect(order).toMatchObject({
      customerName: 'Kamla Verma',
      phone: '+919826012345',
      email: 'asha@example.in',
      shippingAddress: '45, Arera Colony, E-3, Bhopal, Madhya Pradesh - 462016',
    })
    // The next checkout starts on the address ordered to (its PIN code is remembered).
    await shopper.addToCart(productId, '250g')
    const next = (await shopper.get('/checkout')).text
    expect(new RegExp(`value="${parents.id}"[^>]*checked=""|checked=""[^>]*value="${parents.id}"`).test(next)).toBe(
      true,
    )
    // With no PIN code remembered (another device) it starts on the default.
    shopper.cookies.delete('delivery_pin')
    const fresh = (await shopper.get('/checkout')).text
    expect(new RegExp(`value="${home.id}"[^>]*checked=""|checked=""[^>]*value="${home.id}"`).test(fresh)).toBe(true)
  })

  it('re-checks a saved address’s zone as a typed one’s: switched off since it was saved, it is refused with the zone’s sentence', async () => {
    const shopper = await customer()
    // Shimla is served by 'Rest of India' only.
    await add(shopper, {
      label: 'other',
      customLabel: 'Hills',
      city: 'Shimla',
      state: 'Himachal Pradesh',
      pincode: '171001',
    })
    const [hills] = (await bookOf(shopper)) as [BookEntry]
    expect(hills.text).not.toContain('We don’t deliver')
    const key = await atCheckout(shopper)

    const zones = (await owner.get('/admin/settings/delivery')).text
    const at = zones.indexOf('>Rest of India</h3>')
    const form = zones.slice(at)
    const zoneId = /name="zoneId" value="([0-9a-f-]{36})"/.exec(form)![1]!
    const version = /name="version" value="([^"]+)"/.exec(form)![1]!
    expect((await owner.post('/admin/settings/delivery', { intent: 'delete', zoneId, version })).status).toBe(200)
    try {
      const refused = await shopper.post('/checkout', savedChoice(key, hills.id))
      expect(refused.status).toBe(400)
      // The zone's sentence, told at the address choice (the saved address's fields are not on the page).
      expect(text(refused.text)).toContain('We don’t deliver to 171001 yet.')
      expect(refused.text).toContain('id="savedAddressId-error"')
      expect(text((await shopper.get('/my-orders')).text)).not.toContain('Shimla')
      // The book says so too.
      expect((await bookOf(shopper))[0]!.text).toContain('We don’t deliver to 171001 yet')
    } finally {
      const restored = await owner.post('/admin/settings/delivery', {
        intent: 'create',
        name: 'Rest of India',
        pins: '1, 2, 3, 4, 5, 6, 7, 8',
        minDays: '4',
        maxDays: '5',
        codAllowed: 'yes',
        extraFee: '0',
      })
      expect(restored.status).toBe(200)
    }
    // Served again, the same saved address is ordered to.
    const placed = await shopper.post('/checkout', savedChoice(key, hills.id))
    expect(placed.status, text(placed.text).slice(0, 300)).toBe(302)
  })

  it('saves a signed-in shopper’s new address when asked (once, under the label chosen), and never a guest’s', async () => {
    const shopper = await customer()
    const typed = {
      fullName: 'Asha Verma',
      email: 'asha@example.in',
      phone: '+919876543210',
      address: '12, Vijay Nagar, Scheme 54',
      city: 'Indore',
      state: 'Madhya Pradesh',
      pincode: '452010',
      paymentMethod: 'cod',
      acceptTerms: 'on',
    }
    // Unticked: nothing kept.
    let key = await atCheckout(shopper)
    expect((await shopper.post('/checkout', { idempotencyKey: key, savedAddressId: 'new', ...typed })).status).toBe(302)
    expect(await bookOf(shopper)).toHaveLength(0)
    // A label the box does not offer is refused, and nothing is ordered.
    key = await atCheckout(shopper)
    const bad = await shopper.post('/checkout', {
      idempotencyKey: key,
      ...typed,
      saveAddress: 'on',
      saveLabel: 'palace',
    })
    expect(bad.status).toBe(400)
    expect(text(bad.text)).toContain('Please choose a label')
    // Ticked: kept as Parents, the book's first and so its default; the same address again is not kept twice.
    for (let n = 0; n < 2; n++) {
      const placed = await shopper.post('/checkout', {
        idempotencyKey: randomUUID(),
        ...typed,
        saveAddress: 'on',
        saveLabel: 'parents',
      })
      expect(placed.status, text(placed.text).slice(0, 300)).toBe(302)
      await shopper.addToCart(productId, '250g')
    }
    const book = await bookOf(shopper)
    expect(book.map((entry) => entry.heading)).toEqual(['Parents Default'])
    expect(book[0]!.text).toContain('12, Vijay Nagar, Scheme 54, Indore, Madhya Pradesh - 452010')

    // A guest's ticked box keeps nothing: the account made afterwards in the same browser has an empty book.
    const guest = new Shopper(server.url)
    const guestKey = await atCheckout(guest)
    const page = text((await guest.get('/checkout')).text)
    expect(page).not.toContain('Save this address to my address book')
    const guestOrder = await guest.post('/checkout', {
      idempotencyKey: guestKey,
      ...typed,
      saveAddress: 'on',
      saveLabel: 'home',
    })
    expect(guestOrder.status).toBe(302)
    await guest.signUpAndSignIn(`guest-${kind}-${randomUUID()}@example.in`, 'sev aur jalebi')
    expect(await bookOf(guest)).toHaveLength(0)
  })
})
