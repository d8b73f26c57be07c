// `npm run drill -- <name> [--scale 0.1] [--db pglite|postgres]`: runs one drill from scripts/drills/,
// prints each invariant as PASS or FAIL, and exits non-zero on a violation. PostgreSQL is used when
// --db postgres is given (or DRILL_DATABASE_URL/TEST_DATABASE_URL is set and --db is not pglite).
// Code the drills share lives in scripts/drills/lib/.
import { readdirSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { formatInvariant, loadDrill } from './drills/drill.ts'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { scale: { type: 'string', default: '1' }, db: { type: 'string' } },
})
const drills = readdirSync(new URL('./drills/', import.meta.url))
  .filter((file) => file.endsWith('.ts') && file !== 'drill.ts')
  .map((file) => file.slice(0, -3))
const [name] = positionals
if (!name || !drills.includes(name)) {
  console.error(`Usage: npm run drill -- <${drills.join('|')}> [--scale N] [--db pglite|postgres]`)
  process.exit(2)
}
const scale = Number(args.scale)
if (!(scale > 0)) {
  console.error('--scale is a number above 0 (1 is full size)')
  process.exit(2)
}
const serverUrl = process.env.DRILL_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null
if (args.db === 'postgres' && !serverUrl) {
  console.error('Set DRILL_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server for --db postgres')
  process.exit(2)
}
const databaseUrl = args.db === 'pglite' ? null : serverUrl

const drill = await loadDrill(name)
console.log(`${name}: ${drill.about}\n(scale ${scale}, ${databaseUrl ? 'PostgreSQL' : 'embedded database'})`)
const invariants = await drill.run({ scale, databaseUrl, log: (line) => console.log(`  ${line}`) })
for (const line of invariants) console.log(formatInvariant(line))
const failed = invariants.filter((line) => !line.pass).length
console.log(`${invariants.length - failed} invariants held, ${failed} violated`)
process.exit(failed ? 1 : 0)
