// Running the outbox worker in a test until nothing is due, so every notice queued so far is handed to
// the test's handlers (or the real mailer and SMS sender).

import type { Db } from '#app/platform/db.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { type OutboxHandlers, runDueJobs } from '#app/platform/outbox.server.ts'

const logger = createLogger('silent')

export async function drainOutbox(db: Db, handlers: OutboxHandlers): Promise<void> {
  while ((await runDueJobs(db, handlers, logger, 50)) > 0) {
    // until nothing is due
  }
}
