// Runs one of the shop's command-line scripts (scripts/<name>.ts) as an operator would, on the
// project's Node with only the environment given; its exit code and what it printed.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const run = promisify(execFile)

export async function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [`scripts/${name}.ts`, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
    })
    return { code: 0, output: (stdout + stderr).trim() }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: (failed.stdout + failed.stderr).trim() }
  }
}
