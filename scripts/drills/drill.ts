// What every drill is: a script that runs a fault or a load against the shop and checks its invariants
// afterwards. `npm run drill -- <name>` runs scripts/drills/<name>.ts; tests run a reduced scale of
// each on both databases through `runDrill`.

export interface DrillOptions {
  /** 1 is the issue's full size; tests run a fraction (e.g. 0.05). Each drill scales its counts by it. */
  scale: number
  /** PostgreSQL server to run against (a database of its own is created and dropped), or the embedded database. */
  databaseUrl: string | null
  /** Progress lines for the terminal; tests pass a no-op. */
  log: (line: string) => void
}

export interface Invariant {
  name: string
  pass: boolean
  /** The figures behind the verdict, e.g. '10 sold of 10, 990 refused'. */
  detail: string
}

export interface Drill {
  /** One line: what the drill does. */
  about: string
  run(options: DrillOptions): Promise<Invariant[]>
}

export function invariant(name: string, pass: boolean, detail: string): Invariant {
  return { name, pass, detail }
}

export function formatInvariant({ name, pass, detail }: Invariant) {
  return `${pass ? 'PASS' : 'FAIL'}  ${name}${detail ? `: ${detail}` : ''}`
}

/** A drill's modules by name, for the command and the tests. */
export async function loadDrill(name: string): Promise<Drill> {
  if (!/^[a-z-]+$/.test(name)) throw new Error(`No drill named ${JSON.stringify(name)}`)
  const module = (await import(/* @vite-ignore */ `./${name}.ts`)) as { drill?: Drill }
  if (!module.drill) throw new Error(`scripts/drills/${name}.ts exports no drill`)
  return module.drill
}
