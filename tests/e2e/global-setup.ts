import { startServer } from '../server-process.ts'

/** One production server for the whole run; its address reaches the tests through E2E_BASE_URL. */
export default async function globalSetup() {
  const server = await startServer(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {})
  process.env.E2E_BASE_URL = server.url
  return async () => {
    await server.stop()
  }
}
