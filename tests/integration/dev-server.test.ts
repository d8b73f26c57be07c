// `npm run dev`, the README's development server: Vite's server build and the server's own imports
// share one React Router (its development build), so the pages answer (they answered 500, "Invalid
// `context` value", when Node took the production build and Vite the development one), and a page's
// first styles are collected without an error (an inline script's id, asked for by its URL, was not
// resolved: app/shell/inline-scripts.ts).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type RunningServer, runServerToExit, scriptArguments, startServer } from '../server-process.ts'

const words = scriptArguments('dev')
const entry = words.findIndex((word) => !word.startsWith('--'))
let server: RunningServer

beforeAll(async () => {
  server = await startServer({}, words[entry], words.slice(0, entry), words.slice(entry + 1))
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

it('serves the home page from the sources, with the modules Vite serves the browser, and logs no error', async () => {
  const page = await fetch(`${server.url}/`)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('Malwa Namkeen')
  expect(html).toContain('import * as route0 from "/app/root.tsx"')
  const module = await fetch(`${server.url}/app/root.tsx`)
  expect(module.status).toBe(200)
  expect(module.headers.get('content-type')).toMatch(/javascript/)
  // The page's first styles, which React Router collects from the modules the page imports, an
  // inline script's too: without an error.
  const styles = html.match(/href="(\/@react-router\/critical\.css[^"]*)"/)?.[1]
  expect(styles).toBeDefined()
  expect((await fetch(`${server.url}${styles}`)).status).toBe(200)
  expect(server.output()).not.toMatch(/error/i)
}, 120_000)

it('refuses to start in development on a Node without the development condition, in one line', async () => {
  const { code, output } = await runServerToExit({}, 30_000, ['--dev'])
  expect(code).toBe(1)
  expect(output.trim()).toBe('--dev needs Node started with --conditions=development, as `npm run dev` does')
})
