// npm run admin:create -- --email owner@shop.example [--name "Shop owner"]
// Creates the admin account (or makes that account admin) with a new generated password, printed
// once. Uses the same code as start-up. With the embedded database, stop the shop first (PGlite
// allows one process at a time).
import { parseArgs } from 'node:util'
import { createAuth } from '../app/accounts/auth.server.ts'
import { resolveAuthSecret } from '../app/accounts/auth-secret.server.ts'
import { ensureAdmin, generatePassword } from '../app/admin/bootstrap.server.ts'
import { ConfigError, parseConfig } from '../app/platform/config.server.ts'
import { DatabaseInUseError } from '../app/platform/database-lock.server.ts'
import { DamagedDatabaseError, openDatabase } from '../app/platform/db.server.ts'
import { initialiseShop } from '../app/platform/first-start.server.ts'
import { createLogger } from '../app/platform/logger.server.ts'
import { createMailer } from '../app/platform/mailer.server.ts'
import { createSms } from '../app/platform/sms.server.ts'
import { databaseError } from '../app/platform/start-checks.server.ts'
import { getSettings } from '../app/settings/settings.server.ts'

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } })
if (!values.email || !/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(values.email)) {
  console.error('Usage: npm run admin:create -- --email owner@shop.example [--name "Shop owner"]')
  process.exit(2)
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

let config: ReturnType<typeof parseConfig>
try {
  config = parseConfig(process.env)
} catch (error) {
  if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`)
  throw error
}
const logger = createLogger('warn')
const { dataDir } = config
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir }).catch((error: unknown) => {
  if (error instanceof DatabaseInUseError || error instanceof DamagedDatabaseError) fail(error.message)
  throw error
})
try {
  await database.migrate().catch((error: unknown) => {
    if (config.databaseUrl) fail(`Cannot create the admin: ${databaseError(error, config.databaseUrl).message}`)
    throw error
  })
  await initialiseShop(database.db, { seedDemo: config.seedDemo, showcaseMode: config.showcaseMode })
  const auth = createAuth({
    config,
    db: database.db,
    logger,
    mailer: createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir, logger }),
    sms: createSms({ sms: config.sms, dataDir, logger }),
    secret: resolveAuthSecret(config.authSecret, dataDir),
    shopName: (await getSettings(database.db)).shopName,
  })
  const password = generatePassword()
  const result = await ensureAdmin(auth, database.db, { email: values.email, password, name: values.name })
  console.log(`Admin ${result === 'created' ? 'created' : 'updated'}: ${values.email.toLowerCase()}`)
  console.log(`Password (shown once): ${password}`)
} finally {
  await database.close()
}
