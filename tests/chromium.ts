import { existsSync } from 'node:fs'

// Debian's Chromium, launched so that it never tries to reach the internet (stack-notes.md).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// Debian's chromium-headless-shell (`.ci/run` installs it): the same engine and version without the
// browser's own interface, which took half the end-to-end run's CPU (docs/testing.md). It has no
// notifications, so push tests run on CHROMIUM_PATH. Without the package, the full browser does it all.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
export const HEADLESS_SHELL_PATH =
  process.env.HEADLESS_SHELL_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH)

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
]
