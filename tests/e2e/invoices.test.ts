// A guest's order gets its receipt (the e2e shop has no GSTIN) once the owner confirms it: the shopper
// finds it from the tracking page, opens the printable page and downloads the PDF; the owner opens it
// from the order's details; another browser is told it is not found. Axe finds nothing serious on the page.
import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { hydrated } from './fixtures.ts'
import { expect, NOBODY, openDesk, orderCard, placeOrder, statusSelect, test, toast } from './orders-desk-helpers.ts'

test('the shopper opens and downloads the invoice of a confirmed order; nobody else can', async ({
  page,
  browser,
  baseURL,
}) => {
  const order = await placeOrder(baseURL!, [{ slug: 'ujjaini-sev', size: '250g', quantity: 2 }])

  const shopper = await browser.newContext({ baseURL, storageState: NOBODY })
  const tracking = await shopper.newPage()
  const track = async () => {
    await tracking.goto('/track-order')
    await tracking.getByLabel('Order number').fill(order.number)
    await tracking.getByLabel('Mobile number').fill(order.phone)
    await tracking.getByRole('button', { name: 'Track Order' }).click()
    await expect(tracking.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible()
  }
  // Pending: no invoice yet.
  await track()
  await expect(tracking.getByRole('link', { name: 'Invoice' })).toHaveCount(0)

  // The owner confirms the order: its receipt is issued with the change.
  await openDesk(page, order.number)
  const card = orderCard(page, order.number)
  await statusSelect(card).selectOption('confirmed')
  await expect(toast(page, 'Order status updated to confirmed')).toBeVisible()
  await card.getByRole('button', { name: 'Details' }).click()
  const dialog = page.getByRole('dialog', { name: `Order Details #${order.number}` })
  await expect(dialog.getByRole('link', { name: /^Invoice/ })).toHaveAttribute('href', `/orders/${order.id}/invoice`)

  await track()
  await tracking.getByRole('link', { name: 'Invoice' }).click()
  await expect(tracking.getByRole('heading', { name: `Invoice for order #${order.number}`, level: 1 })).toBeVisible()
  // A plain link: a new document, which axe reads once React has taken it over.
  await hydrated(tracking)
  const sheet = tracking.getByRole('article', { name: 'Receipt' })
  await expect(sheet).toContainText(/RCT\/\d{2}-\d{2}\/\d{6}/)
  await expect(sheet).toContainText(order.name)
  await expect(sheet).toContainText('Ujjaini Sev (250g)')
  await expect(sheet.getByRole('table', { name: 'Items, in rupees' })).toBeVisible()
  const number = /RCT\/\d{2}-\d{2}\/\d{6}/.exec((await sheet.textContent()) ?? '')![0]
  const violations = (await new AxeBuilder({ page: tracking }).analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(violations, 'axe on the invoice page').toEqual([])

  const [download] = await Promise.all([
    tracking.waitForEvent('download'),
    tracking.getByRole('link', { name: 'Download PDF' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`)
  const pdf = await readFile((await download.path())!)
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF')

  // The owner sees the same receipt.
  await page.goto(`/orders/${order.id}/invoice`)
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText(number)

  // Another browser, without the tracking page's key, finds nothing.
  const stranger = await browser.newContext({ baseURL, storageState: NOBODY })
  const nosy = await stranger.newPage()
  expect((await nosy.goto(`/orders/${order.id}/invoice`))?.status()).toBe(404)
  expect((await nosy.request.get(`/orders/${order.id}/invoice.pdf`)).status()).toBe(404)
  await stranger.close()
  await shopper.close()
})
