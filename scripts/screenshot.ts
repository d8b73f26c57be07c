// Screenshots of pages at phone and desktop widths, for looking at what we build:
//   node scripts/screenshot.ts http://localhost:3000 / /products ...   (PNG files into ./screenshots)
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts'

const [origin = 'http://localhost:3000', ...paths] = process.argv.slice(2)
const widths = [360, 1280]
mkdirSync('screenshots', { recursive: true })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 780 : 900 } })
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(origin + path)
    await page.waitForLoadState('load')
    // Scroll through the page so lazy images load, then wait for every image to finish.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo({ top: y, behavior: 'instant' })
        await new Promise((resolve) => requestAnimationFrame(resolve))
      }
      window.scrollTo({ top: 0, behavior: 'instant' })
      const decoded = Promise.all([...document.images].map((image) => image.decode().catch(() => {})))
      await Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, 5000))])
      // Web fonts swap in when loaded (the Devanagari face on Hindi pages): shoot the page as it settles.
      await document.fonts.ready
    })
    // Cards far from the screen are skipped until a shopper scrolls near them (content-visibility),
    // and a full-page shot does not scroll: show them as a shopper scrolling down sees them.
    await page.addStyleTag({ content: '* { content-visibility: visible !important; }' })
    await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      await document.fonts.ready
    })
    const name = `screenshots/${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`
    await page.screenshot({ path: name, fullPage: true })
    console.log(name)
  }
  await page.close()
}
await browser.close()
