// `npm test`: every check (typecheck, lint, production build, unit, integration, end-to-end), using
// both cores: the build beside lint, the type-check beside the unit tests, then the integration suite
// (two files at a time) and the end-to-end suite (two workers), one after the other so that each has
// the machine and its wall time says what it costs. It ends with a table of each phase's wall time,
// the slowest test files and each failed test with the start of its error (scripts/test-reports.ts),
// then one line `N passed, N failed` summing every test runner. Exits non-zero on any failure.
// Typecheck, lint and build count as one check each.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { failureLines, type Outcome, playwrightReportOutcome, unreadable, vitestReportOutcome } from './test-reports.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const results = path.join(root, 'test-results')
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

interface Phase extends Outcome {
  name: string
  seconds: number
}

const phases: Phase[] = []

/**
 * Runs a command; its output is written through line by line, each line prefixed with the phase's
 * name when phases run side by side, so the log stays readable.
 */
function run(name: string, command: string, args: string[], env: Record<string, string>, prefix: boolean) {
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`)
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  for (const stream of [child.stdout, child.stderr]) {
    let rest = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n')
      rest = lines.pop()!
      for (const line of lines) process.stdout.write(prefix ? `[${name}] ${line}\n` : `${line}\n`)
    })
    stream.on('end', () => rest && process.stdout.write(prefix ? `[${name}] ${rest}\n` : `${rest}\n`))
  }
  return new Promise<boolean>((resolve) => child.on('close', (code) => resolve(code === 0)))
}

/** Runs a phase, times it and records what it counted (`count` reads its report once it is done). */
async function phase(
  name: string,
  command: string,
  args: string[],
  count: (ok: boolean) => Outcome,
  { env = {}, prefix = false }: { env?: Record<string, string>; prefix?: boolean } = {},
): Promise<boolean> {
  const started = performance.now()
  const ok = await run(name, command, args, env, prefix)
  const seconds = (performance.now() - started) / 1000
  const outcome = count(ok)
  // A failure no report names (a check, a runner that stopped short): the summary still says where.
  if (outcome.failed > 0 && outcome.failures.length === 0) {
    outcome.failures.push({ file: name, title: '(the phase)', message: 'failed: its output above says why' })
  }
  phases.push({ name, seconds, ...outcome })
  if (outcome.failed > 0) console.error(`✗ ${name} failed`)
  return outcome.failed === 0
}

/** A check (typecheck, lint, build) counts as one test of its own. */
const check = (ok: boolean): Outcome => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1, files: [], failures: [] })

/** A test runner's JSON report, read by `read`; a missing one fails the phase. */
function report(file: string, read: (text: string) => Outcome): Outcome {
  let text: string
  try {
    text = readFileSync(path.join(results, file), 'utf8')
  } catch {
    return unreadable(file)
  }
  return read(text)
}

const vitestOutcome = (project: string) => (ok: boolean) =>
  report(`${project}.json`, (text) => vitestReportOutcome(text, root, ok))

const vitestArgs = (project: string) => [
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${path.join(results, `${project}.json`)}`,
]

const playwrightOutcome = (ok: boolean) => report('e2e.json', (text) => playwrightReportOutcome(text, ok))

const started = performance.now()

// The build compiles the messages (app/paraglide) that the type-check and the tests read; nothing
// compiles them again while those run beside each other (MESSAGES_COMPILED, scripts/messages.ts).
const [built] = await Promise.all([
  phase('build', 'react-router', ['build'], check, { prefix: true }),
  phase('lint', 'biome', ['check', '.'], check, { prefix: true }),
])
const typecheck = () => phase('typecheck', 'npm', ['run', '--silent', 'typecheck:compiled'], check, { prefix: true })
const unit = () =>
  phase('unit', 'vitest', vitestArgs('unit'), vitestOutcome('unit'), {
    env: { MESSAGES_COMPILED: '1' },
    prefix: true,
  })
if (built) await Promise.all([typecheck(), unit()])
else {
  // No build, perhaps no messages: compiled here, then the rest one after the other.
  await run('messages', 'node', ['scripts/messages.ts'], {}, false)
  await typecheck()
  await unit()
}
if (built) {
  await phase('integration', 'vitest', vitestArgs('integration'), vitestOutcome('integration'), {
    env: { MESSAGES_COMPILED: '1' },
  })
  await phase('e2e', 'playwright', ['test'], playwrightOutcome, { env: { CI: process.env.CI ?? '1' } })
} else {
  console.error('✗ the production build failed: integration and end-to-end tests need it')
}

const total = (performance.now() - started) / 1000
function minutes(seconds: number) {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}
console.log('\nphase         wall    passed  failed')
for (const { name, seconds, passed, failed } of phases) {
  console.log(
    `${name.padEnd(12)} ${minutes(seconds).padStart(6)} ${String(passed).padStart(8)} ${String(failed).padStart(7)}`,
  )
}
console.log(`${'all'.padEnd(12)} ${minutes(total).padStart(6)}`)
console.log('\nslowest test files (seconds; an end-to-end file’s tests at every width, over both workers)')
for (const { file, seconds } of phases
  .flatMap((each) => each.files)
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 10)) {
  console.log(`${seconds.toFixed(1).padStart(7)}  ${file}`)
}

for (const line of failureLines(phases.flatMap((each) => each.failures))) console.log(line)

const passed = phases.reduce((sum, each) => sum + each.passed, 0)
const failed = phases.reduce((sum, each) => sum + each.failed, 0)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
