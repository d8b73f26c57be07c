// The admin's orders desk in the browser: status changes with their toast, activity line and history;
// a change from a stale screen; stock returned once on cancelling; the delivery OTP from shipping to
// delivered; the CSV export; live new-order alerts (one server, and two servers on one PostgreSQL
// database); and the desk's endpoints refusing bad input. Both projects run against one shared
// server and database, so each test places its own orders and finds them by searching.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import type { Locator } from '@playwright/test'
import { createPostgresDatabase } from '../integration/databases.ts'
import { type RunningServer, startServer, temporaryDataDir } from '../server-process.ts'
import { uniquePhone } from './accounts-helpers.ts'
import {
  answerTo,
  dialogNotice,
  expect,
  mailTo,
  NOBODY,
  openDesk,
  orderCard,
  parseCsv,
  placeOrder,
  recentActivity,
  smsTo,
  statusSelect,
  stockOf,
  test,
  toast,
  uniqueName,
  watchConsole,
} from './orders-desk-helpers.ts'

test.describe.configure({ timeout: 90_000 })

const baseURL = () => process.env.E2E_BASE_URL!
const dataDir = () => process.env.E2E_DATA_DIR!

/** The Details dialog's status timeline. */
const statusHistory = (dialog: Locator) =>
  dialog.locator('section').filter({ has: dialog.page().getByRole('heading', { name: 'Status history' }) })

test('a status change shows its toast, its activity line and its step in the details timeline', async ({ page }) => {
  const name = uniqueName('Meera')
  const order = await placeOrder(
    baseURL(),
    [
      { slug: 'premium-ratlami-sev', size: '250g', quantity: 2 },
      { slug: 'tikhi-bundi', size: '250g' },
      { slug: 'navratna-mixture', size: '250g' },
    ],
    { fullName: name },
  )

  // The owner finds the order by the customer's name, from the search box.
  await page.goto('/admin')
  await expect(page.getByRole('link', { name: /^Orders/ })).toHaveAttribute('aria-current', 'page')
  const search = page.getByRole('search', { name: 'Filter orders' })
  await search.getByLabel('Search orders').fill(name.split(' ')[1]!)
  await search.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/[?&]q=/)
  const card = orderCard(page, order.number)
  await expect(card).toBeVisible()
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('article')).toHaveCount(1)

  // The card as the spec lists it.
  await expect(card.getByRole('heading')).toHaveText(`#${order.number}`)
  await expect(card.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/)
  await expect(card.locator('time')).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s?[ap]m$/i)
  await expect(card).toContainText('Pending')
  await expect(card).toContainText('₹385.00') // 2 × 80 + 80 + 95 + 50 delivery
  await expect(card).toContainText('4 items')
  await expect(card).toContainText('COD')
  const items = card.getByRole('list', { name: 'Items' }).getByRole('listitem')
  await expect(items).toHaveCount(3)
  await expect(items.last()).toHaveText('+1 more items')
  // The first two lines are the first two the shopper put in the cart (as the checkout listed them).
  await expect(items, 'the card shows the order’s first two lines').toHaveText([
    '2 x Premium Ratlami Sev (250g)',
    '1 x Tikhi Bundi (250g)',
    '+1 more items',
  ])
  await expect(card).toContainText(name)
  await expect(card.getByRole('link', { name: /^\+91/ })).toHaveAttribute('href', `tel:+91${order.phone}`)
  // No delivery OTP yet: the OTP line appears once the order is shipped.
  await expect(card).not.toContainText('OTP Required')
  await expect(statusSelect(card).getByRole('option')).toHaveText([
    'Pending',
    'Confirmed',
    'Shipped',
    'Delivered',
    'Cancelled',
  ])

  await statusSelect(card).selectOption('confirmed')
  await expect(toast(page, 'Order status updated to confirmed')).toBeVisible()
  await expect(statusSelect(card)).toHaveValue('confirmed')
  // Disabled while the change was sent, the dropdown has the focus back for the next change.
  await expect(statusSelect(card)).toBeFocused()
  await expect(card).toContainText('Confirmed')
  await expect(recentActivity(page)).toContainText(`Order #${order.number} status updated to confirmed`)

  await card.getByRole('button', { name: 'Details' }).click()
  const dialog = page.getByRole('dialog', { name: `Order Details #${order.number}` })
  await expect(dialog).toContainText('Cash on Delivery')
  await expect(dialog).toContainText('Payment pending')
  await expect(dialog).toContainText('₹385.00')
  await expect(dialog).toContainText('12, Vijay Nagar, Scheme 54, Indore, Madhya Pradesh - 452010')
  await expect(dialog.getByRole('row', { name: /Navratna Mixture \(250g\)/ })).toContainText('₹95.00')
  const timeline = statusHistory(dialog).getByRole('listitem')
  await expect(timeline).toHaveCount(2)
  await expect(timeline.filter({ hasText: 'Placed as' })).toContainText('Pending')
  await expect(timeline.filter({ hasText: 'Confirmed' })).toContainText(/Pending\s*→?\s*to\s*Confirmed\s*by /)
  await dialog.getByRole('button', { name: 'Close order details' }).click()
  await expect(dialog).toBeHidden()
  await expect(card.getByRole('button', { name: 'Details' })).toBeFocused()

  // The packing slip of the order opens on its own page.
  const slip = await page.request.get(`/admin/orders/${order.id}/slip`)
  expect(slip.status()).toBe(200)
  const slipText = (await slip.text()).replaceAll('<!-- -->', '')
  expect(slipText).toContain(order.number)
  expect(slipText).toContain('Tikhi Bundi')
})

test('a change made from a stale screen is refused with a clear message, and the list reloads', async ({
  page,
  context,
}) => {
  const order = await placeOrder(baseURL(), [{ slug: 'premium-ratlami-sev', size: '500g' }])
  // The same admin in a second tab whose live updates have not arrived: its feed stays silent, as
  // when a change lands between one screen's change and the other's reload.
  const other = await context.newPage()
  const otherConsole = watchConsole(other)
  await other.route('**/admin/events*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 3600000\n\n' }),
  )
  await openDesk(page, order.phone)
  await openDesk(other, order.phone)
  const card = orderCard(page, order.number)
  const otherCard = orderCard(other, order.number)
  await expect(statusSelect(otherCard)).toHaveValue('pending')

  await statusSelect(card).selectOption('confirmed')
  await expect(toast(page, 'Order status updated to confirmed')).toBeVisible()
  await expect(statusSelect(otherCard)).toHaveValue('pending')

  // OTP Verify sends it out with the shop's own rider, from the version this tab showed.
  await otherCard.getByRole('button', { name: 'OTP Verify' }).click()
  const refusal = toast(other, 'Failed to update order status')
  await expect(refusal).toBeVisible()
  await expect(refusal).toContainText(
    `Order #${order.number} changed while you were looking at it (it is now Confirmed). The list has been reloaded: please check it and try again.`,
  )
  // The second tab now shows the order as it is; nothing was shipped.
  await expect(statusSelect(otherCard)).toHaveValue('confirmed')
  await expect(otherCard).toContainText('Confirmed')
  await expect(otherCard).not.toContainText('OTP Required')
  await page.reload()
  await expect(statusSelect(card)).toHaveValue('confirmed')
  const details = (await (await page.request.get(`/admin/orders/${order.id}`)).json()) as {
    status: string
    history: unknown[]
  }
  expect(details.status).toBe('confirmed')
  expect(details.history).toHaveLength(2)

  // Reloaded, the second tab's change goes through.
  await otherCard.getByRole('button', { name: 'OTP Verify' }).click()
  await expect(toast(other, 'Order status updated to shipped')).toBeVisible()
  await expect(otherCard).toContainText('OTP Required')
  otherConsole()
})

test('marking an order Shipped asks for the courier and its AWB, and the card and the customer get the tracking link', async ({
  page,
}) => {
  const order = await placeOrder(baseURL(), [{ slug: 'tikhi-bundi', size: '250g' }])
  await openDesk(page, order.number)
  const card = orderCard(page, order.number)
  await statusSelect(card).selectOption('shipped')
  const dialog = page.getByRole('dialog', { name: `Mark order #${order.number} shipped` })
  await expect(dialog).toBeVisible()

  // Sent without a courier: said at the field, which takes the focus; nothing reaches the server.
  const courier = dialog.getByLabel('Courier', { exact: true })
  const send = dialog.getByRole('button', { name: 'Mark Shipped' })
  await send.click()
  await expect(dialog.getByText('Please choose the courier from the list.')).toBeVisible()
  await expect(courier).toBeFocused()
  // The shop's own rider needs no number; another courier needs its name.
  await courier.selectOption('own_rider')
  await expect(dialog.getByLabel('AWB or consignment number')).toHaveCount(0)
  await courier.selectOption('other')
  await expect(dialog.getByLabel('Courier’s name')).toBeVisible()

  await courier.selectOption('delhivery')
  await dialog.getByLabel('AWB or consignment number').fill('1234 5678 90123')
  await send.click()
  const shipped = toast(page, 'Order status updated to shipped')
  await expect(shipped).toContainText('Sent with Delhivery, AWB 1234567890123. The customer has been told.')
  await expect(dialog).toBeHidden()
  await expect(statusSelect(card)).toHaveValue('shipped')
  await expect(statusSelect(card)).toBeFocused()
  await expect(card).toContainText('Delhivery · AWB 1234567890123')
  const track = card.getByRole('link', { name: /^Track/ })
  await expect(track).toHaveAttribute('href', 'https://www.delhivery.com/track/package/1234567890123')
  await expect(track).toHaveAttribute('target', '_blank')
  await expect(track).toHaveAttribute('rel', /noopener/)
  // A courier's parcel is not checked with the shop's delivery OTP.
  await expect(card.getByRole('button', { name: 'OTP Verify' })).toHaveCount(0)
  await expect(card).not.toContainText('OTP Required')
  await expect
    .poll(async () => (await smsTo(dataDir(), order.canonicalPhone)).join('\n'), { timeout: 20_000 })
    .toContain(
      `has been shipped by Delhivery, AWB 1234567890123. Track: https://www.delhivery.com/track/package/1234567890123`,
    )
})

test('cancelling returns the packets to stock once, and reopening takes them again', async ({ page }, info) => {
  // Only this test buys Cornflakes Sweet Mix, each project in a size of its own, so its stock moves
  // only with these orders.
  const slug = 'cornflakes-sweet-mix'
  const size = info.project.name === 'phone' ? '500g' : '1kg'
  const before = await stockOf(baseURL(), slug, size)
  const order = await placeOrder(baseURL(), [{ slug, size, quantity: 3 }])
  expect(await stockOf(baseURL(), slug, size)).toBe(before - 3)

  await openDesk(page, order.number)
  const card = orderCard(page, order.number)
  await statusSelect(card).selectOption('cancelled')
  await expect(toast(page, 'Order status updated to cancelled')).toBeVisible()
  await expect(card).toContainText('Cancelled')
  await expect(card.getByRole('button', { name: 'OTP Verify' })).toHaveCount(0)
  await expect.poll(() => stockOf(baseURL(), slug, size)).toBe(before)

  // Cancelling it again (a second click, a second tab) is refused and returns nothing more.
  const { version } = (await (await page.request.get(`/admin/orders/${order.id}`)).json()) as { version: string }
  const again = await page.request.post(`/admin/orders/${order.id}`, {
    form: { intent: 'status', status: 'cancelled', version },
    headers: { origin: baseURL() },
  })
  expect(again.status()).toBe(409)
  expect(await again.json()).toMatchObject({
    ok: false,
    title: 'Failed to update order status',
    message: `Order #${order.number} is already Cancelled.`,
  })
  const stale = await page.request.post(`/admin/orders/${order.id}`, {
    form: { intent: 'status', status: 'cancelled', version: new Date(Date.parse(version) - 1000).toISOString() },
    headers: { origin: baseURL() },
  })
  expect(stale.status()).toBe(409)
  expect(await stockOf(baseURL(), slug, size)).toBe(before)

  // Reopened, the order takes its packets again.
  await statusSelect(card).selectOption('pending')
  await expect(toast(page, 'Order status updated to pending')).toBeVisible()
  await expect(statusSelect(card)).toHaveValue('pending')
  expect(await stockOf(baseURL(), slug, size)).toBe(before - 3)
})

test('the delivery OTP: sent on shipping, checked, locked after 5 wrong tries, replaced, and verified', {
  tag: '@both',
}, async ({ page, consoleErrors }) => {
  test.slow()
  const order = await placeOrder(baseURL(), [{ slug: 'dal-moth-mix', size: '250g' }])
  await openDesk(page, order.phone)
  const card = orderCard(page, order.number)

  // On an order not yet shipped, OTP Verify sends it out for delivery, which sends the customer a code.
  await card.getByRole('button', { name: 'OTP Verify' }).click()
  await expect(toast(page, 'Order status updated to shipped')).toBeVisible()
  await expect(statusSelect(card)).toHaveValue('shipped')
  await expect(card).toContainText('Shipped')
  await expect(card).toContainText('OTP Required')
  await expect(card.getByRole('button', { name: 'OTP Verify' }), 'the focus stays on OTP Verify').toBeFocused()
  const sms = () => smsTo(dataDir(), order.canonicalPhone)
  await expect.poll(async () => (await sms()).length, { timeout: 20_000 }).toBe(1)
  let texts = await sms()
  expect(texts[0]).toContain(`order #${order.number} is out for delivery`)
  const first = /Delivery OTP (\d{6})/.exec(texts[0]!)![1]!
  await expect
    .poll(async () => (await mailTo(dataDir(), order.email)).map((mail) => mail.text).join('\n'), { timeout: 20_000 })
    .toContain(`Your delivery OTP is ${first}.`)

  await card.getByRole('button', { name: 'OTP Verify' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delivery Verification' })
  await expect(dialog).toContainText(`Order #${order.number}`)
  await expect(dialog).toContainText('Out for Delivery')
  await expect(dialog).toContainText('Secure OTP verification')
  await expect(dialog).toContainText('OTP expires in 24 hours')
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible()
  const input = dialog.getByLabel('Delivery OTP')
  const verify = dialog.getByRole('button', { name: 'Verify & Complete' })

  // Digits only, at most 6; fewer than 6 are refused before anything is sent.
  await input.fill('ab12')
  await expect(input).toHaveValue('12')
  await verify.click()
  // Said in the dialog, under its header: a toast would cover the header on a phone.
  await expect(dialogNotice(dialog, 'Invalid OTP')).toContainText('Please enter a 6-digit OTP')
  await expect(toast(page, 'Invalid OTP')).toHaveCount(0)
  await input.fill('1234567')
  await expect(input).toHaveValue('123456')

  const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0')
  const tryCode = async (code: string) => {
    await input.fill(code)
    const response = await answerTo(page, order.id, () => verify.click())
    // A refused code empties the field for the next one: wait for that, or a code typed before the
    // answer arrives is wiped by it (the notice of an earlier try may still be on screen).
    if (!response.ok()) await expect(input).toHaveValue('')
    return response
  }
  // The first wrong try in the dialog, the next three as the same form posts them (the server counts
  // them all; the dialog shows whatever the server says), the fifth in the dialog again.
  expect((await tryCode(wrong)).status()).toBe(400)
  const refused = dialogNotice(dialog, 'The OTP is incorrect or expired. Please try again.')
  await expect(refused).toContainText('Invalid OTP')
  await expect(refused).toContainText('4 tries left.')
  const postCode = (otp: string) =>
    page.request.post(`/admin/orders/${order.id}`, {
      form: { intent: 'otp-verify', otp },
      headers: { origin: baseURL() },
    })
  for (let attempt = 2; attempt <= 4; attempt++) {
    const response = await postCode(wrong)
    expect(response.status()).toBe(400)
    const left = 5 - attempt
    expect(await response.json()).toMatchObject({
      ok: false,
      title: 'Invalid OTP',
      message: `The OTP is incorrect or expired. Please try again. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
    })
  }
  const locking = 'Too many wrong tries: this OTP is locked. Generate a new OTP and ask the customer for it.'
  expect((await tryCode(wrong)).status()).toBe(429)
  await expect(dialogNotice(dialog, locking)).toContainText('Invalid OTP')
  // Locked, even the right code is refused.
  const locked = await postCode(first)
  expect(locked.status()).toBe(429)
  expect(await locked.json()).toMatchObject({ ok: false, title: 'Invalid OTP', message: locking })
  await expect(dialog).toBeVisible()

  // A new code replaces the old one: shown to the owner, sent to the customer.
  await dialog.getByRole('button', { name: 'Generate Delivery OTP' }).click()
  const generated = dialogNotice(dialog, 'OTP Generated! 📱')
  await expect(generated).toContainText(/Delivery OTP: \d{6}\. Share this with the customer\./)
  const second = /Delivery OTP: (\d{6})/.exec((await generated.textContent()) ?? '')![1]!
  // A refusal meanwhile shows beside the code being read out, not in its place.
  await verify.click()
  await expect(dialogNotice(dialog, 'Please enter a 6-digit OTP')).toBeVisible()
  await expect(generated).toBeVisible()
  await expect(
    dialog.getByRole('status').filter({ hasText: 'A new OTP was generated. It is valid until' }),
  ).toBeVisible()
  await expect.poll(async () => (await sms()).length, { timeout: 20_000 }).toBe(2)
  texts = await sms()
  expect(texts[1]).toContain(`Delivery OTP ${second}`)

  if (second !== first) {
    expect((await tryCode(first)).status()).toBe(400)
    await expect(dialogNotice(dialog, 'The OTP is incorrect or expired. Please try again.')).toBeVisible()
  }
  // Offline at the customer's door: the dialog's own script says the code was not sent, and the desk
  // stays (the code is never put in the address).
  const desk = page.url()
  await page.context().setOffline(true)
  await input.fill(second)
  await verify.click()
  await expect(dialogNotice(dialog, 'Failed to verify OTP. Please try again.')).toContainText('Check the connection')
  await expect(dialog).toBeVisible()
  expect(page.url()).toBe(desk)
  // The live feed's reload waits for the connection rather than failing into the error page.
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
  await page.context().setOffline(false)

  expect((await tryCode(second)).status()).toBe(200)
  // The success closes the dialog: its notice stays as a toast.
  await expect(toast(page, 'Order Delivered Successfully! 🎉'), 'the success toast').toContainText(
    'OTP verified and order marked as delivered.',
  )
  await expect(dialog).toBeHidden()
  await expect(card).toContainText('OTP Verified')
  await expect(card).not.toContainText('OTP Required')
  await expect(statusSelect(card)).toHaveValue('delivered')
  await expect(card.getByRole('button', { name: 'OTP Verify' })).toHaveCount(0)
  // The button that opened the dialog is gone: focus lands on Details, not on the page.
  await expect.soft(card.getByRole('button', { name: 'Details' })).toBeFocused()

  await card.getByRole('button', { name: 'Details' }).click()
  const details = page.getByRole('dialog', { name: `Order Details #${order.number}` })
  await expect(details).toContainText('OTP Verified')
  await expect(details.getByRole('definition').filter({ hasText: 'Not yet' })).toHaveCount(0)
  await expect(statusHistory(details)).toContainText('Delivery OTP verified')
  // The customer hears of the delivery.
  await expect
    .poll(async () => (await sms()).at(-1), { timeout: 20_000 })
    .toContain(`order #${order.number} was delivered`)
  // The browser logs the requests it could not send offline (the OTP, the live feed's reconnections).
  const offlineErrors = consoleErrors.filter((error) => error.includes('net::ERR_INTERNET_DISCONNECTED'))
  expect(offlineErrors.length).toBeGreaterThan(0)
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !offlineErrors.includes(error)))
})

test('the CSV export carries the filters, a header row, and neutralises cells a spreadsheet would run', async ({
  page,
}) => {
  const phone = uniquePhone()
  const formula = '=HYPERLINK("https://evil.example","Click")'
  const risky = await placeOrder(baseURL(), [{ slug: 'spicy-mixture', size: '250g' }], {
    phone,
    address: formula,
    email: `-csv-${randomBytes(3).toString('hex')}@example.in`,
  })
  const plain = await placeOrder(baseURL(), [{ slug: 'spicy-mixture', size: '500g' }], { phone })

  await openDesk(page, phone)
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('article')).toHaveCount(2)
  // Newest first.
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(`#${plain.number}`)
  const plainCard = orderCard(page, plain.number)
  await statusSelect(plainCard).selectOption('confirmed')
  await expect(toast(page, 'Order status updated to confirmed')).toBeVisible()

  const byStatus = page.getByRole('navigation', { name: 'Filter by status' })
  await expect(byStatus.getByRole('link', { name: 'All (2)' })).toBeVisible()
  await expect(byStatus.getByRole('link', { name: 'Pending (1)' })).toBeVisible()
  await byStatus.getByRole('link', { name: 'Pending (1)' }).click()
  await expect(page).toHaveURL(/status=pending/)
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('article')).toHaveCount(1)
  await expect(orderCard(page, risky.number)).toBeVisible()

  const exportLink = page.getByRole('link', { name: 'Export CSV' })
  await expect(exportLink).toHaveAttribute('href', /^\/admin\/orders\.csv\?/)
  const href = new URL((await exportLink.getAttribute('href'))!, baseURL())
  expect(href.searchParams.get('q')).toBe(phone)
  expect(href.searchParams.get('status')).toBe('pending')
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()])
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = await readFile((await download.path())!, 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  const [header, ...rows] = parseCsv(text.slice(1))
  expect(header).toEqual([
    'Order number',
    'Order id',
    'Placed (IST)',
    'Status',
    'Customer',
    'Phone',
    'E-mail',
    'Shipping address',
    'Items',
    'Subtotal (Rs)',
    'Discount (Rs)',
    'Coupon',
    'Delivery (Rs)',
    'Delivery zone',
    'Zone fee (Rs)',
    'Total (Rs)',
    'Payment method',
    'Payment status',
    'Delivered (IST)',
    'Courier',
    'AWB',
    'Tracking link',
  ])
  expect(rows).toHaveLength(1)
  const row = Object.fromEntries(header!.map((name, i) => [name, rows[0]![i]]))
  expect(row['Order number']).toBe(risky.number)
  expect(row.Status).toBe('pending')
  expect(row.Customer).toBe(risky.name)
  // A leading = + - @ is a formula to a spreadsheet: the cell starts with an apostrophe instead.
  expect(row['Shipping address']).toBe(`'${formula}, Indore, Madhya Pradesh - 452010`)
  expect(row.Phone).toBe(`'+91${phone}`)
  expect(row['E-mail']).toBe(`'${risky.email}`)
  expect(row.Items).toBe('1 x Spicy Mixture (250g)')
  expect(row['Payment method']).toBe('COD')

  // Without the status filter both orders come out, newest first.
  const all = await page.request.get(`/admin/orders.csv?q=${phone}`)
  expect(all.status()).toBe(200)
  expect(all.headers()['content-type']).toContain('text/csv')
  const numbers = parseCsv((await all.text()).replace(/^\uFEFF/, ''))
    .slice(1)
    .map((cells) => cells[0])
  expect(numbers).toEqual([plain.number, risky.number])
})

test('a new order raises an alert on the open desk without a reload, and shows in the list', async ({ page }) => {
  const phone = uniquePhone()
  const name = uniqueName('Kavya')
  await openDesk(page, phone)
  await expect(page.getByText('No orders found')).toBeVisible()
  await page.evaluate(() => {
    ;(window as unknown as { deskNotReloaded: boolean }).deskNotReloaded = true
  })

  // A shopper orders with cash on delivery (over HTTP, as the checkout posts it).
  const { number } = await placeOrder(baseURL(), [{ slug: 'tikhi-bundi', size: '250g' }], {
    phone,
    fullName: name,
    email: 'kavya@example.in',
  })

  // Other tests order too: this alert is the one naming this order.
  const alert = toast(page, `New order #${number} from ${name}`)
  await expect(alert).toContainText('New Order Alert! 🔔')
  await expect(alert).toContainText('₹130.00 (Cash on Delivery)')
  const card = orderCard(page, number)
  await expect(card).toBeVisible()
  await expect(card).toContainText(name)
  await expect(page.getByText('No orders found')).toHaveCount(0)
  await expect(recentActivity(page)).toContainText(`New order #${number} from ${name}`)
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: /^Orders/ }),
  ).toHaveAccessibleName(/^Orders \d+ unread$/)
  await expect(page.getByRole('button', { name: /^\d+ New Notifications?$/ })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { deskNotReloaded?: boolean }).deskNotReloaded)).toBe(true)
})

test('a live event while a tab is opening waits for it: the tab opens, then the panel reloads', async ({ page }) => {
  await openDesk(page, uniquePhone())
  // The Blogs tab's data is held, as on a slow connection: the tab is opening.
  const requests: string[] = []
  const held = Promise.withResolvers<void>()
  await page.route(/\/admin\/blogs\.data/, async (route) => {
    requests.push(route.request().url())
    await held.promise
    await route.continue()
  })
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: /^Blogs/ })
    .click()
  await expect.poll(() => requests.length).toBe(1)

  const order = await placeOrder(baseURL(), [{ slug: 'tikhi-bundi', size: '250g' }])
  await expect(toast(page, `New order #${order.number}`)).toBeVisible()
  // A reload now would start the tab's loaders again (a second request): each event of a busy evening
  // would, and the tab would never open. Three of the panel's 500 ms reload windows pass without one.
  await page.waitForTimeout(1_500)
  expect(requests).toHaveLength(1)

  held.resolve()
  await expect(page.getByRole('heading', { level: 2, name: 'Blog Management' })).toBeVisible()
  // Then the panel reads what the tab's loaders may have missed (and other tests' orders may add more).
  await expect.poll(() => requests.length).toBeGreaterThanOrEqual(2)
})

test.describe('two servers on one PostgreSQL database', () => {
  test.skip(!process.env.TEST_DATABASE_URL, 'needs TEST_DATABASE_URL (a PostgreSQL server)')
  // This admin signs in on server A, not on the run's shared server.
  test.use({ storageState: NOBODY })

  const admin = { email: 'desk-admin@shop.example', password: `desk-${randomBytes(12).toString('hex')}` }
  let database: { url: string; drop: () => Promise<void> } | undefined
  let serverA: RunningServer | undefined
  let serverB: RunningServer | undefined

  test.beforeAll(async () => {
    test.setTimeout(240_000)
    database = await createPostgresDatabase()
    const env = {
      DATABASE_URL: database.url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      AUTH_SECRET: `desk-secret-${randomBytes(24).toString('hex')}`,
      SHOWCASE_MODE: 'false',
    }
    // One after the other: the first migrates and seeds the empty database.
    serverA = await startServer({ ...env, DATA_DIR: temporaryDataDir() })
    serverB = await startServer({ ...env, DATA_DIR: temporaryDataDir() })
  })
  test.afterAll(async () => {
    await serverA?.stop()
    await serverB?.stop()
    await database?.drop()
  })

  test('an order placed on one server raises the alert on the desk open on the other', async ({ page }) => {
    await page.goto(`${serverA!.url}/admin`)
    await page.getByLabel('Username').fill(admin.email)
    await page.getByLabel('Password', { exact: true }).fill(admin.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Pro Panel' })).toBeVisible()
    await expect(page.getByText('No orders found')).toBeVisible()
    const ordersTab = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: /^Orders/ })
    await expect(ordersTab).toHaveAccessibleName('Orders')

    const order = await placeOrder(serverB!.url, [{ slug: 'gujrati-mixture', size: '500g' }])

    const alert = toast(page, `New order #${order.number} from ${order.name}`)
    await expect(alert).toContainText('New Order Alert! 🔔')
    await expect(orderCard(page, order.number)).toBeVisible()
    // This database is this test's own: the counts are exact.
    await expect(ordersTab).toHaveAccessibleName('Orders 1 unread')
    await expect(recentActivity(page)).toContainText(`New: New order #${order.number}`)
    await page.getByRole('button', { name: '1 New Notification' }).click()
    await expect(page.getByRole('button', { name: /New Notification/ })).toHaveCount(0)
    await expect(ordersTab).toHaveAccessibleName('Orders')
    await expect(recentActivity(page)).not.toContainText('New:')

    // A change on A reaches a desk open on B without a reload too.
    const onB = await page.context().newPage()
    const onBConsole = watchConsole(onB)
    await onB.goto(`${serverB!.url}/admin`)
    const cardOnB = orderCard(onB, order.number)
    await expect(statusSelect(cardOnB)).toHaveValue('pending')
    await statusSelect(orderCard(page, order.number)).selectOption('confirmed')
    await expect(toast(page, 'Order status updated to confirmed')).toBeVisible()
    await expect(statusSelect(cardOnB)).toHaveValue('confirmed')
    onBConsole()
  })
})

test('the list says Loading orders... while a new view of it loads', async ({ page }) => {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible()
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/admin\.data/, async (route) => {
    await released
    await route.continue()
  })
  await page
    .getByRole('navigation', { name: 'Filter by status' })
    .getByRole('link', { name: /^Pending \(/ })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Loading orders...' })).toBeVisible()
  release()
  await expect(page.getByText('Loading orders...')).toHaveCount(0)
  await expect(page).toHaveURL(/status=pending/)
})

test.describe('the desk refuses bad input', () => {
  test('malformed filters and page links are answered with 400 and a message', async ({ page }) => {
    const cases: [string, string][] = [
      ['status=lost', ''],
      ['from=2026-02-30', 'That date does not exist.'],
      ['from=0001-01-01', 'Pick a date from 2000 to 2099.'],
      ['from=26-1-1', 'Dates are written YYYY-MM-DD.'],
      ['from=2026-05-02&to=2026-05-01', 'The start date must come before the end date.'],
      ['method=cheque', ''],
      ['payment=maybe', ''],
      ['colour=red', 'That filter is not one of the list’s filters.'],
      [`q=${'x'.repeat(101)}`, 'Search for at most 100 characters.'],
      ['cursor=not-a-cursor', 'That page link is not valid. Start from the first page.'],
    ]
    // Each case is checked on its own, so one report lists every filter answered wrongly.
    for (const [query, message] of cases) {
      const list = await page.request.get(`/admin?${query}`)
      expect.soft(list.status(), `/admin?${query}`).toBe(400)
      const html = await list.text()
      for (const text of ['Failed to load orders', message].filter(Boolean)) {
        expect.soft(html.includes(text) ? text : '(not in the page)', `/admin?${query} says`).toBe(text)
      }
      const csv = await page.request.get(`/admin/orders.csv?${query}`)
      // The export has no pages: a cursor is ignored there.
      expect.soft(csv.status(), `/admin/orders.csv?${query}`).toBe(query.startsWith('cursor=') ? 200 : 400)
      if (!query.startsWith('cursor=') && message) {
        const body = await csv.text()
        expect
          .soft(body.includes(message) ? message : body.slice(0, 80), `/admin/orders.csv?${query} says`)
          .toBe(message)
      }
    }
    // In the browser, the owner reads why and finds the way back.
    await page.goto('/admin?cursor=not-a-cursor')
    const refusal = page.getByRole('alert').filter({ hasText: 'Failed to load orders' })
    await expect(refusal).toContainText('That page link is not valid. Start from the first page.')
    await refusal.getByRole('link', { name: 'Show all orders' }).click()
    await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible()
    await expect(page).toHaveURL(/\/admin$/)
  })

  test('bad order actions get 4xx and a message, and change nothing', async ({ page, playwright }) => {
    const order = await placeOrder(baseURL(), [{ slug: 'fiki-barik-sev', size: '250g' }])
    const detailsOf = async () =>
      (await (await page.request.get(`/admin/orders/${order.id}`)).json()) as {
        status: string
        version: string
        history: unknown[]
        deliveryOtpRequired: boolean
      }
    const { version } = await detailsOf()
    const post = (form: Record<string, string>, orderId = order.id, origin = baseURL()) =>
      page.request.post(`/admin/orders/${orderId}`, { form, headers: { origin }, maxRedirects: 0 })

    const cases: [Record<string, string>, number, string][] = [
      [{ intent: 'steal' }, 400, 'That is not something an order can do.'],
      [{}, 400, 'That is not something an order can do.'],
      [{ intent: 'status', status: 'lost', version }, 400, 'Choose one of the five statuses.'],
      [{ intent: 'status', status: 'confirmed' }, 400, 'This screen is out of date: reload it and try again.'],
      [
        { intent: 'status', status: 'confirmed', version: 'yesterday' },
        400,
        'This screen is out of date: reload it and try again.',
      ],
      [{ intent: 'otp-verify', otp: '12ab56' }, 400, 'Please enter a 6-digit OTP'],
      [{ intent: 'otp-verify', otp: '12345' }, 400, 'Please enter a 6-digit OTP'],
      [{ intent: 'otp-verify', otp: '１２３４５６' }, 400, 'Please enter a 6-digit OTP'],
      // Not shipped: there is no OTP to check or to make.
      [{ intent: 'otp-verify', otp: '123456' }, 409, 'is not out for delivery'],
      [{ intent: 'otp-generate' }, 409, 'A delivery OTP is for an order out for delivery: mark it shipped first.'],
      [{ intent: 'status', status: 'pending', version }, 409, `Order #${order.number} is already Pending.`],
    ]
    for (const [form, status, message] of cases) {
      const response = await post(form)
      expect(response.status(), JSON.stringify(form)).toBe(status)
      const body = (await response.json()) as { ok: boolean; message: string }
      expect(body.ok).toBe(false)
      expect(body.message, JSON.stringify(form)).toContain(message)
    }

    const unknown = await post(
      { intent: 'status', status: 'confirmed', version },
      '00000000-0000-4000-8000-000000000000',
    )
    expect(unknown.status()).toBe(404)
    expect(await unknown.text()).toContain('This order does not exist.')
    const notAnId = await post({ intent: 'status', status: 'confirmed', version }, 'not-an-order')
    expect(notAnId.status()).toBe(404)
    const missing = await page.request.get('/admin/orders/00000000-0000-4000-8000-000000000000')
    expect(missing.status()).toBe(404)

    // A form on another site cannot drive the admin's browser.
    const crossSite = await post({ intent: 'status', status: 'cancelled', version }, order.id, 'https://evil.example')
    expect(crossSite.status()).toBe(403)

    const after = await detailsOf()
    expect(after.status).toBe('pending')
    expect(after.version).toBe(version)
    expect(after.history).toHaveLength(1)
    expect(after.deliveryOtpRequired).toBe(false)

    // Nobody but the admin acts on orders or listens to the live feed.
    const anonymous = await playwright.request.newContext({ baseURL: baseURL(), storageState: NOBODY })
    const events = await anonymous.get('/admin/events', { timeout: 10_000 })
    expect(events.status()).toBe(403)
    expect(events.headers()['content-type']).not.toContain('text/event-stream')
    expect(await events.text()).toContain('Admins only')
    const anonymousChange = await anonymous.post(`/admin/orders/${order.id}`, {
      form: { intent: 'status', status: 'cancelled', version },
      headers: { origin: baseURL() },
    })
    expect(anonymousChange.status()).toBe(403)
    const anonymousCsv = await anonymous.get(`/admin/orders.csv?q=${order.phone}`)
    expect(anonymousCsv.status()).toBe(403)
    expect(await anonymousCsv.text()).not.toContain(order.number)
    await anonymous.dispose()
    expect((await detailsOf()).status).toBe('pending')
  })
})

test('axe finds no serious or critical violation on the desk, its dialogs and the packing slip', {
  tag: '@both',
}, async ({ page }) => {
  test.setTimeout(120_000) // axe walks the whole page five times
  const order = await placeOrder(baseURL(), [{ slug: 'premium-ratlami-sev', size: '250g' }])
  const seriousViolations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, targets: violation.nodes.slice(0, 5).map((node) => node.target) }))

  await openDesk(page, order.number)
  const card = orderCard(page, order.number)
  await expect(card).toBeVisible()
  expect(await seriousViolations(), 'the list').toEqual([])

  await card.getByRole('button', { name: 'Details' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await seriousViolations(), 'the details dialog').toEqual([])
  await page.keyboard.press('Escape')

  await statusSelect(card).selectOption('shipped')
  const shipping = page.getByRole('dialog', { name: `Mark order #${order.number} shipped` })
  await shipping.getByRole('button', { name: 'Mark Shipped' }).click()
  await expect(shipping.getByText('Please choose the courier from the list.')).toBeVisible()
  expect(await seriousViolations(), 'the Shipped dialog, with a field refused').toEqual([])
  await page.keyboard.press('Escape')
  await expect(shipping).toBeHidden()

  await answerTo(page, order.id, () => card.getByRole('button', { name: 'OTP Verify' }).click())
  await expect(card).toContainText('OTP Required')
  await card.getByRole('button', { name: 'OTP Verify' }).click()
  const verification = page.getByRole('dialog', { name: 'Delivery Verification' })
  await expect(verification).toBeVisible()
  // Checked once, with a refusal said in it: the dialog as it opens, plus its notice.
  await verification.getByRole('button', { name: 'Verify & Complete' }).click()
  await expect(dialogNotice(verification, 'Invalid OTP')).toBeVisible()
  expect(await seriousViolations(), 'the delivery verification dialog, with a refusal said in it').toEqual([])

  await page.goto(`/admin/orders/${order.id}/slip`)
  await expect(page.getByRole('heading', { name: 'Packing Slip' })).toBeVisible()
  expect(await seriousViolations(), 'the packing slip').toEqual([])
})

test('the Sales tab shows the last 30 days and the best sellers, readable by everyone', async ({ page }) => {
  await placeOrder(baseURL(), [{ slug: 'premium-ratlami-sev', size: '250g' }])
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Sales' }).click()
  await expect(page).toHaveURL(/\/admin\/sales$/)
  await expect(page.getByRole('heading', { name: 'Sales, last 30 days' })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Revenue per day; the highest was ₹[\d,]+ on \d+ \w+\.$/ })).toBeVisible()
  await page.getByText('Figures by day').click()
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(31)
  await expect(page.getByRole('heading', { name: 'Best sellers' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Best sellers' }).getByRole('listitem').first()).toContainText(
    /\d+ packets? · ₹[\d,]+/,
  )
  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(violations.map((violation) => violation.id)).toEqual([])
})
