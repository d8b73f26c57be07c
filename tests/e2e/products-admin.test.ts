// The admin's Products tab in the browser: adding a product in a new category and finding it in the
// shop, the form's presets and its refusals, a slug change and the old address's redirect, deleting a
// product nobody ordered, archiving one that was ordered and restoring it, escaped product text, and
// axe on the list and the form. These tests add products to the shop, which the product browser's
// tests count: each worker runs its own server and database for them.
import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { startServer, temporaryDataDir } from '../server-process.ts'
import { test as adminTest, expect, holdAnswers, placeOrder, signInAdmin, toast } from './orders-desk-helpers.ts'

interface Shop {
  url: string
  email: string
  password: string
}

const test = adminTest.extend<object, { shop: Shop }>({
  shop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from this pattern
    async ({}, use) => {
      const admin = { email: 'products-admin@shop.example', password: `admin-${randomBytes(12).toString('hex')}` }
      const server = await startServer({
        DATA_DIR: temporaryDataDir(),
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        AUTH_SECRET: `e2e-secret-${randomBytes(24).toString('hex')}`,
        SHOWCASE_MODE: 'false',
      })
      await use({ url: server.url, ...admin })
      await server.stop()
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  adminState: [
    async ({ browser, shop }, use) => use(await signInAdmin(browser, shop.url, shop.email, shop.password)),
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.url),
})

// A whole journey through the form and the shop; slow when the two-core machine is busy.
test.describe.configure({ timeout: 180_000 })

/** Letters nobody else in the run uses, for names and slugs. */
function unique(): string {
  return Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/**
 * Adds a product by posting the form as a browser without JavaScript does (the page answers, not
 * JSON); returns its id, read from its Edit link in the list.
 */
async function addProduct(page: Page, shop: Shop, fields: Record<string, string> & { name: string }): Promise<string> {
  const response = await page.request.post('/admin/products/new', {
    form: { category: 'Premium Products', price250g: '80', price500g: '150', stock250g: '20', ...fields },
    headers: { origin: shop.url },
  })
  expect(response.status(), await response.text()).toBe(200)
  const list = await (await page.request.get(`/admin/products?q=${encodeURIComponent(fields.name)}`)).text()
  const id = /href="\/admin\/products\/([0-9a-f-]{36})"/.exec(list)?.[1]
  expect(id, `${fields.name} is in the list`).toBeTruthy()
  return id!
}

function productCard(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true })
}

/** Delete on the product's card, and Delete again to the spec's question. */
async function deleteFromList(page: Page, name: string) {
  await productCard(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click()
  await page
    .getByRole('dialog', { name: 'Are you sure you want to delete this product?' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click()
}

test('the owner adds a product in a new category and finds it in the shop and on its own page', async ({ page }) => {
  const name = `Khari Boondi ${unique()}`
  const category = `Festive ${unique()}`
  await page.goto('/admin/products')
  await expect(page.getByRole('heading', { name: 'Product Management' })).toBeVisible()
  await page.getByRole('link', { name: 'Add Product' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/new$/)

  // The spec's defaults.
  await expect(page.getByLabel('Price 250g (₹)')).toHaveValue('80')
  await expect(page.getByLabel('Price 500g (₹)')).toHaveValue('150')
  await expect(page.getByLabel('Price 1kg (₹)')).toHaveValue('0')
  await expect(page.getByLabel('Stock 250g')).toHaveValue('0')
  await expect(page.getByLabel('Discount (%)')).toHaveValue('0')
  await expect(page.getByLabel('Featured', { exact: true })).not.toBeChecked()

  await page.getByLabel('Name', { exact: true }).fill(name)
  await expect(page.getByLabel('Web address (slug)')).toHaveValue(slugOf(name))
  // Satwik's preset prices, then a new category keeps them.
  await page.getByLabel('Category', { exact: true }).selectOption('Satwik Products')
  await expect(page.getByLabel('Price 250g (₹)')).toHaveValue('110')
  await expect(page.getByLabel('Price 500g (₹)')).toHaveValue('200')
  await page.getByLabel('Category', { exact: true }).selectOption('Add a new category…')
  await page.getByLabel("New category's name").fill(category)
  await expect(page.getByLabel('Price 250g (₹)')).toHaveValue('110')
  await page.getByLabel('Price 1kg (₹)').fill('380')
  await page.getByLabel('Stock 250g').fill('12')
  await page.getByLabel('Stock 1kg').fill('3')
  await page.getByLabel('Discount (%)').fill('10')
  await page.getByLabel('Featured', { exact: true }).check()
  await page
    .getByLabel('Description (optional)', { exact: true })
    .fill('Crisp gram flour pearls with black pepper, made without onion and garlic.')
  await page.getByLabel('Ingredients (optional)', { exact: true }).fill('Gram flour, groundnut oil, salt, black pepper')
  await page.getByLabel('Best before (days)').fill('60')
  await page.getByText("Or pick one of the shop's images").click()
  await page.getByRole('button', { name: 'Tikhi Bundi' }).click()
  await page.getByRole('button', { name: 'Add Product' }).click()

  await expect(toast(page, 'Product added successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/products$/)
  const card = productCard(page, name)
  await expect(card).toBeVisible()
  await expect(card.getByText(category, { exact: true })).toBeVisible()
  await expect(card.getByText('Featured', { exact: true })).toBeVisible()
  await expect(card.getByText('10% OFF', { exact: true })).toBeVisible()
  await expect(card.getByRole('row', { name: /^250g/ })).toContainText('₹110.00')
  await expect(card.getByRole('row', { name: /^250g/ })).toContainText('12 in stock')
  await expect(card.getByRole('row', { name: /^500g/ })).toContainText('Out of stock')
  await expect(card.getByRole('row', { name: /^1kg/ })).toContainText('₹380.00')

  // The shop: the new category in the filter, the product in it, and its page.
  await page.goto('/products')
  await page.getByLabel('Category', { exact: true }).selectOption(category)
  await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(category)}`))
  const shelf = page.getByRole('region', { name: category })
  await expect(shelf.getByRole('article')).toHaveCount(1)
  await shelf.getByRole('link', { name }).click()
  await expect(page).toHaveURL(new RegExp(`/products/${slugOf(name)}$`))
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('Gram flour, groundnut oil, salt, black pepper')).toBeVisible()
})

test('bad input gets a message next to its field and a toast, and saves nothing', async ({ page }) => {
  const name = `Bad Sev ${unique()}`
  await page.goto('/admin/products/new')
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Category', { exact: true }).selectOption('Premium Products')
  await page.getByLabel('Price 250g (₹)').fill('-5')
  await page.getByLabel('Stock 500g').fill('1.5')
  await page.getByLabel('Discount (%)').fill('101')
  await page.getByRole('button', { name: 'Add Product' }).click()
  await expect(toast(page, 'Failed to save product')).toContainText('Please correct the 3 fields marked below.')
  await expect(page.getByLabel('Price 250g (₹)')).toHaveAccessibleDescription(
    'A price cannot be negative. Use 0 for a size that is not sold.',
  )
  await expect(page.getByLabel('Stock 500g')).toHaveAccessibleDescription(
    /Stock is a whole number of packets, like 0 or 25\./,
  )
  await expect(page.getByLabel('Discount (%)')).toHaveAccessibleDescription(
    /The discount is a whole number from 0 to 100\./,
  )
  await expect(page.getByLabel('Price 250g (₹)')).toBeFocused()

  // Fixed in the browser; the server still refuses a slug another product has.
  await page.getByLabel('Price 250g (₹)').fill('80')
  await page.getByLabel('Stock 500g').fill('2')
  await page.getByLabel('Discount (%)').fill('0')
  await page.getByLabel('Web address (slug)').fill('premium-ratlami-sev')
  await page.getByRole('button', { name: 'Add Product' }).click()
  // The first refusal's toast may still be leaving: find this one by its message.
  await expect(
    toast(page, 'The web address “premium-ratlami-sev” is taken by “Premium Ratlami Sev”. Please choose another.'),
  ).toContainText('Failed to save product')
  await expect(page.getByLabel('Web address (slug)')).toHaveAccessibleDescription(/is taken by “Premium Ratlami Sev”/)
  await expect(page).toHaveURL(/\/admin\/products\/new$/)

  // The server checks again: a post that skips the browser's checks is refused and saves nothing.
  const forged = await page.request.post('/admin/products/new', {
    form: { name, category: 'Sweets', price250g: '80', discountPercentage: '101' },
    headers: { origin: new URL(page.url()).origin },
  })
  expect(forged.status()).toBe(400)
  expect(await forged.text()).toContain('Failed to save product')
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`)
  await expect(page.getByText('No product matches this name')).toBeVisible()
})

test('changing a product’s slug sends its old address to the new one', async ({ page, shop }) => {
  const name = `Ujjaini Sev ${unique()}`
  const id = await addProduct(page, shop, { name })
  const oldSlug = slugOf(name)
  const newSlug = `${oldSlug}-classic`

  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`)
  await productCard(page, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click()
  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}$`))
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible()
  // An existing product's address does not follow its name.
  await page.getByLabel('Name', { exact: true }).fill(`${name} Classic`)
  await expect(page.getByLabel('Web address (slug)')).toHaveValue(oldSlug)
  await page.getByLabel('Web address (slug)').fill(newSlug)
  await page.getByRole('button', { name: 'Update Product' }).click()
  await expect(toast(page, 'Product updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/products$/)

  const moved = await page.request.get(`/products/${oldSlug}`, { maxRedirects: 0 })
  expect(moved.status()).toBe(301)
  expect(moved.headers().location).toBe(`/products/${newSlug}`)
  await page.goto(`/products/${oldSlug}`)
  await expect(page).toHaveURL(new RegExp(`/products/${newSlug}$`))
  await expect(page.getByRole('heading', { level: 1, name: `${name} Classic` })).toBeVisible()
})

test('the owner uploads a photo for a product: a refused file leaves the image as it was, a photo shows in the shop at four widths, as AVIF', async ({
  page,
  shop,
}) => {
  const name = `Ratlami Sev ${unique()}`
  const id = await addProduct(page, shop, { name })
  await page.goto(`/admin/products/${id}`)
  const field = page.getByRole('group', { name: 'Image', exact: true })
  await expect(field.getByText('No image yet')).toBeVisible()

  // A text file named like a photo: judged by its content, refused, nothing changes.
  await page.getByLabel('Upload an image').setInputFiles({
    name: 'photo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('not a picture at all, only words'),
  })
  await expect(toast(page, 'Failed to upload image')).toBeVisible()
  await expect(field.getByText('No image yet')).toBeVisible()

  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer()
  await page.getByLabel('Upload an image').setInputFiles({ name: 'sev.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(toast(page, 'Image uploaded successfully')).toBeVisible()
  await page.getByRole('button', { name: 'Update Product' }).click()
  await expect(toast(page, 'Product updated successfully')).toBeVisible()

  await page.goto(`/products/${slugOf(name)}`)
  const image = page.getByRole('img', { name }).first()
  const src = await image.getAttribute('src')
  expect(src).toMatch(/^\/uploads\/products\/[a-z0-9-]+-640\.webp$/)
  const srcset = await image.getAttribute('srcset')
  for (const width of [320, 640, 800, 960]) expect(srcset).toContain(`-${width}.webp ${width}w`)
  const served = await page.request.get(src!)
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toBe('image/webp')
  expect((await sharp(await served.body()).metadata()).format).toBe('webp')
  // What the shop shows is the upload's AVIF twin, made with the WebP ones.
  await expect(image).toHaveJSProperty('complete', true)
  expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/-\d+\.avif$/)
})

test('deleting a product nobody ordered asks the spec’s question, then removes it', async ({ page, shop }) => {
  const name = `Fiki Sev ${unique()}`
  await addProduct(page, shop, { name })
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`)
  const card = productCard(page, name)
  await card.getByRole('button', { name: `Delete ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this product?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(card).toBeVisible()

  await card.getByRole('button', { name: `Delete ${name}` }).click()
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(toast(page, 'Product deleted successfully')).toBeVisible()
  await expect(card).toHaveCount(0)
  await expect(page.getByText('No product matches this name')).toBeVisible()
  // The card went with the focused button: the focus lands on the tab's title, not on the page.
  await expect(page.getByRole('heading', { level: 2, name: 'Product Management' })).toBeFocused()
  expect((await page.request.get(`/products/${slugOf(name)}`)).status()).toBe(404)
})

test('deleting an ordered product archives it: gone from the shop, kept apart in the list, restorable', async ({
  page,
  shop,
}) => {
  const name = `Navratna Mix ${unique()}`
  const slug = slugOf(name)
  await addProduct(page, shop, { name, stock250g: '5' })
  await placeOrder(shop.url, [{ slug, size: '250g' }])

  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`)
  await deleteFromList(page, name)
  await expect(toast(page, 'Product archived')).toContainText('has been ordered before, so it is archived')
  const archived = page.getByRole('list', { name: 'Archived products' })
  await expect(archived.getByRole('article', { name })).toContainText('Archived')
  await expect(page.getByRole('list', { name: 'Products on sale' })).toHaveCount(0)
  // The card moved to the archived list: its Restore button takes the focus its Delete had.
  await expect(archived.getByRole('button', { name: `Restore ${name}` })).toBeFocused()
  expect((await page.request.get(`/products/${slug}`)).status()).toBe(404)
  const sitemap = await (await page.request.get('/sitemap.xml')).text()
  expect(sitemap).not.toContain(`/products/${slug}<`)

  await archived.getByRole('button', { name: `Restore ${name}` }).click()
  await expect(toast(page, 'Product restored')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Products on sale' }).getByRole('article', { name })).toBeVisible()
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeFocused()
  expect((await page.request.get(`/products/${slug}`)).status()).toBe(200)
})

test('a new order reloading the list while a product is archived: its toast still shows, and its Restore button takes the focus', async ({
  page,
  shop,
}) => {
  const name = `Ratlami Mix ${unique()}`
  const other = `Khatta Meetha ${unique()}`
  await addProduct(page, shop, { name, stock250g: '5' })
  await addProduct(page, shop, { name: other, stock250g: '5' })
  await placeOrder(shop.url, [{ slug: slugOf(name), size: '250g' }])
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`)

  // The archive's answer is held in the browser until a live order event has read the list again.
  const { answered, release } = await holdAnswers(page, /\/admin\/products\/[0-9a-f-]{36}\.data/)
  await deleteFromList(page, name)
  await answered
  const liveReload = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/admin/products.data' && response.request().method() === 'GET',
  )
  await placeOrder(shop.url, [{ slug: slugOf(other), size: '250g' }])
  await liveReload
  release()

  await expect(toast(page, 'Product archived')).toBeVisible()
  const archived = page.getByRole('list', { name: 'Archived products' })
  await expect(archived.getByRole('button', { name: `Restore ${name}` })).toBeFocused()
  await page.unrouteAll()
})

test('the owner’s Hindi name shows on the Hindi pages only; a product without one shows its English name there', async ({
  page,
  shop,
}) => {
  const letters = unique()
  const name = `Khari Sev ${letters}`
  const hindiName = `खारी सेव ${letters}`
  const slug = slugOf(name)
  await page.goto('/admin/products/new')
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Category', { exact: true }).selectOption('Premium Products')
  await page.getByLabel('Stock 250g').fill('10')
  await page.getByLabel('Description (optional)', { exact: true }).fill('Salted sev, crisp and plain.')
  await page.getByLabel('Name in Hindi').fill(hindiName)
  await page.getByLabel('Description in Hindi').fill('नमकीन सेव, कुरकुरी और सादी।')
  await page.getByRole('button', { name: 'Add Product' }).click()
  await expect(toast(page, 'Product added successfully')).toBeVisible()

  await page.goto(`/hi/products/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name: hindiName })).toBeVisible()
  await expect(page.getByText('नमकीन सेव, कुरकुरी और सादी।')).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(`^${hindiName} \\|`))
  await expect(page.getByText(name)).toHaveCount(0)
  // The Hindi list finds it by its Hindi name, and by its English one too, and shows it in Hindi.
  for (const query of [hindiName, name]) {
    await page.goto(`/hi/products?q=${encodeURIComponent(query)}`)
    await expect(page.getByRole('heading', { level: 3, name: hindiName })).toBeVisible()
  }
  // English pages never show the Hindi.
  await page.goto(`/products/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText(hindiName)).toHaveCount(0)
  await page.goto(`/products?q=${encodeURIComponent(name)}`)
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()
  // An English page reads only the English texts: a Hindi query does not find it there.
  await page.goto(`/products?q=${encodeURIComponent(hindiName)}`)
  await expect(page.getByRole('heading', { level: 3, name })).toHaveCount(0)

  // A Hindi edit shows on the next visit to the Hindi page, which the page cache kept (a visitor without cookies).
  const hindiPage = `${shop.url}/hi/products/${slug}`
  expect(await (await fetch(hindiPage)).text()).toContain(hindiName)
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`)
  await productCard(page, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click()
  await page.getByLabel('Name in Hindi').fill(`${hindiName} नई`)
  await page.getByRole('button', { name: 'Update Product' }).click()
  await expect(toast(page, 'Product updated successfully')).toBeVisible()
  expect(await (await fetch(hindiPage)).text()).toContain(`${hindiName} नई`)

  // Without a Hindi name, the Hindi page shows the English one.
  const plain = `Plain Sev ${unique()}`
  await addProduct(page, shop, { name: plain })
  await page.goto(`/hi/products/${slugOf(plain)}`)
  await expect(page.getByRole('heading', { level: 1, name: plain })).toBeVisible()
})

test('product text with HTML is shown as text, never run', async ({ page, shop }) => {
  const tail = unique()
  const name = `<img src=x onerror=alert(1)> Chivda ${tail}`
  await addProduct(page, shop, { name, description: '<script>alert(2)</script> crunchy' })
  const slug = slugOf(name)
  const html = await (await page.request.get(`/products/${slug}`)).text()
  expect(html).not.toContain('<img src=x')
  expect(html).not.toContain('<script>alert(2)')
  await page.goto(`/products/${slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await page.goto(`/admin/products?q=${tail}`)
  await expect(productCard(page, name)).toContainText('<script>alert(2)</script> crunchy')
})

test('axe finds no serious or critical violation on the list, the form and the delete question', async ({
  page,
  shop,
}) => {
  test.setTimeout(240_000) // axe walks the whole page three times
  const name = `Dal Moth ${unique()}`
  await addProduct(page, shop, { name, discountPercentage: '15', isFeatured: 'on' })
  const seriousViolations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, targets: violation.nodes.slice(0, 5).map((node) => node.target) }))

  await page.goto('/admin/products')
  await expect(productCard(page, name)).toBeVisible()
  expect(await seriousViolations(), 'the list').toEqual([])

  await productCard(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await seriousViolations(), 'the delete question').toEqual([])
  await page.keyboard.press('Escape')

  await page.goto('/admin/products/new')
  await page.getByRole('button', { name: 'Add Product' }).click()
  await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Please enter the product’s name.')
  expect(await seriousViolations(), 'the form with its messages').toEqual([])
})
