// What the development mailer and SMS sender wrote: one JSON file per message in a folder
// (mailboxFolder, smsOutboxFolder), read back by the tests that check them.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

export async function readFolder<T>(folder: string): Promise<T[]> {
  const files = await readdir(folder).catch(() => [] as string[])
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(folder, file), 'utf8')) as T))
}
