// `npm run bench:web`: production build, then Lighthouse in mobile mode (Debian's Chromium) on the
// home page, the product list and a blog post, plus the JavaScript each page loads (gzipped, as
// served). Figures go to the terminal and bench-results/web.json. Measures; never fails a build.
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { demoPosts } from '../app/demo/posts.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts'
import { startServer } from '../tests/server-process.ts'

const build = spawnSync('react-router', ['build'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

const post = demoPosts.find((candidate) => candidate.isPublished)
const paths = ['/', '/products', `/blog/${post?.slug}`]
// An open shop: what a buying shopper loads (cart, drawer, Add to Cart).
const server = await startServer({ SHOWCASE_MODE: 'false' })
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
})

interface NetworkItem {
  resourceType?: string
  transferSize?: number
  url: string
}

const rows = []
try {
  for (const path of paths) {
    const result = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`)
    const { categories, audits } = result.lhr
    const requests = (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
    const scriptBytes = requests
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
    rows.push({
      path,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
      seo: Math.round((categories.seo?.score ?? 0) * 100),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      jsKbGzip: Number((scriptBytes / 1024).toFixed(1)),
      failing: Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id),
    })
  }
} finally {
  chrome.kill()
  await server.stop()
}

console.table(rows.map(({ failing: _failing, ...row }) => row))
for (const row of rows) if (row.failing.length) console.log(`${row.path}: failing audits: ${row.failing.join(', ')}`)
mkdirSync('bench-results', { recursive: true })
writeFileSync('bench-results/web.json', `${JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2)}\n`)
