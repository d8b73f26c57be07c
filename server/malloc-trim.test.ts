import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)))
const node = path.join(root, 'node_modules/.bin/node')

const folder = mkdtempSync(path.join(tmpdir(), 'malloc-trim-'))
const program = path.join(folder, 'program.js')
writeFileSync(
  program,
  'console.log(JSON.stringify({ trim: process.env.MALLOC_TRIM_THRESHOLD_, cache: process.env.NODE_COMPILE_CACHE, argv: process.argv.slice(2) }))\n',
)
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** Runs a program with the preload, as `npm start` runs the server, and returns what it saw. */
function runPreloaded(env: Record<string, string>) {
  const { MALLOC_TRIM_THRESHOLD_: _, NODE_COMPILE_CACHE: __, ...inherited } = process.env
  const output = execFileSync(node, ['--import=./server/malloc-trim.ts', program, 'kept', '--dev'], {
    cwd: root,
    env: { ...inherited, ...env },
    encoding: 'utf8',
  })
  return JSON.parse(output) as { trim?: string; cache?: string; argv: string[] }
}

describe.runIf(process.platform === 'linux')('the malloc-trim preload', () => {
  it('runs the program with MALLOC_TRIM_THRESHOLD_ set, the compile cache on and its arguments kept', () => {
    expect(runPreloaded({})).toEqual({
      trim: '131072',
      cache: path.join(tmpdir(), 'node-compile-cache'),
      argv: ['kept', '--dev'],
    })
  })

  it('keeps a compile cache folder the environment sets', () => {
    expect(runPreloaded({ NODE_COMPILE_CACHE: folder })).toMatchObject({ trim: '131072', cache: folder })
  })

  it('keeps a MALLOC_TRIM_THRESHOLD_ the environment already sets', () => {
    expect(runPreloaded({ MALLOC_TRIM_THRESHOLD_: '65536' })).toEqual({ trim: '65536', argv: ['kept', '--dev'] })
  })
})
