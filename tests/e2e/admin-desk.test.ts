// The owner's desk walked at a desktop, a tablet and with the keyboard alone (found in use).
import { expect, openDesk, orderCard, placeOrder, statusSelect, test, toast } from './orders-desk-helpers.ts'

for (const width of [768, 1024, 1279]) {
  test(`at ${width} px the signed-in header fits the page without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 1024 })
    for (const path of ['/admin', '/', '/hi/']) {
      await page.goto(path)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(width)
    }
    // The links moved into the menu, Logout among them.
    await page.getByLabel('मेन्यू').click()
    await expect(page.getByRole('navigation', { name: 'मोबाइल' }).getByRole('button', { name: 'लॉगआउट' })).toBeVisible()
  })
}

test('stepping through the status dropdown with the arrow keys saves only the status chosen with Enter', async ({
  page,
}) => {
  const order = await placeOrder(process.env.E2E_BASE_URL!, [{ slug: 'tikhi-bundi', size: '250g' }])
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/admin/orders/${order.id}`))
      sent.push(request.postData()!)
  })
  await openDesk(page, order.number)
  const card = orderCard(page, order.number)
  const select = statusSelect(card)
  await select.focus()

  // Passing Confirmed on the way saves nothing, and Escape keeps the saved status.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(select).toHaveValue('shipped')
  await expect(card.getByText('Press Enter to save, Escape to keep Pending.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(select).toHaveValue('pending')
  await expect(card.getByText(/Press Enter to save/)).toBeHidden()

  // Shipped asks for the courier first: Enter opens the Shipped dialog, which saves nothing until sent.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  const shipDialog = page.getByRole('dialog', { name: `Mark order #${order.number} shipped` })
  await expect(shipDialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(shipDialog).toBeHidden()
  await expect(select).toHaveValue('pending')
  await expect(select).toBeFocused()
  expect(sent).toHaveLength(0)

  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Order status updated to confirmed')).toBeVisible()
  await expect(select).toHaveValue('confirmed')
  await expect(select).toBeFocused()
  expect(sent).toHaveLength(1)
  expect(sent[0]).toContain('status=confirmed')

  // Leaving the dropdown saves a stepped choice too.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(select).toHaveValue('delivered')
  await page.keyboard.press('Tab')
  await expect(toast(page, 'Order status updated to delivered')).toBeVisible()
  expect(sent).toHaveLength(2)
})

test('a settings section saved with the keyboard keeps the focus on its Save button', async ({ page }) => {
  await page.goto('/admin/settings')
  const save = page.getByRole('button', { name: 'Save delivery terms' })
  const fee = page.getByLabel('Delivery fee (₹)')
  // The stored fee again: the save changes nothing other tests read.
  await fee.fill(await fee.inputValue())
  await save.focus()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Settings saved')).toBeVisible()
  await expect(save).toBeFocused()

  await page.goto('/admin/settings/delivery')
  const saveCalendar = page.getByRole('button', { name: 'Save holidays and cut-off' })
  await saveCalendar.focus()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Calendar saved')).toBeVisible()
  await expect(saveCalendar).toBeFocused()
})

test('a push notification sent with the keyboard leaves the focus on the emptied title', async ({ page }) => {
  await page.goto('/admin/push')
  const title = page.getByLabel('Title', { exact: true })
  await title.fill('Keyboard check')
  await page.getByLabel('Message', { exact: true }).fill('Sent from the desk with the keyboard alone.')
  await page.getByRole('button', { name: 'Send Notification' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Notification sent')).toBeVisible()
  await expect(title).toHaveValue('')
  await expect(title).toBeFocused()
})
