// The admin account from configuration (ADMIN_EMAIL/ADMIN_PASSWORD), the first-run admin, and the
// `npm run admin:create` command all go through ensureAdmin, so they follow the same rules.
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Auth } from '#app/accounts/auth.server.ts'
import { accounts, sessions, users } from '#app/accounts/schema.ts'
import type { Db } from '#app/platform/db.server.ts'

export type AdminResult = 'created' | 'updated' | 'unchanged'

/** Creates the admin, or makes an existing account admin with this password. */
export async function ensureAdmin(
  auth: Auth,
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<AdminResult> {
  const ctx = await auth.$context
  const email = input.email.trim().toLowerCase()
  const [existing] = await db.select().from(users).where(eq(users.email, email))
  if (!existing) {
    const user = await ctx.internalAdapter.createUser(
      {
        email,
        name: input.name ?? 'Shop admin',
        emailVerified: true,
        role: 'admin',
      },
      { method: 'admin' },
    )
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await ctx.password.hash(input.password),
    })
    return 'created'
  }

  let changed = existing.role !== 'admin'
  if (changed) await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, existing.id))
  const [credential] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, 'credential')))
  if (!credential) {
    await ctx.internalAdapter.linkAccount({
      userId: existing.id,
      providerId: 'credential',
      accountId: existing.id,
      password: await ctx.password.hash(input.password),
    })
    changed = true
  } else if (
    !credential.password ||
    !(await ctx.password.verify({ hash: credential.password, password: input.password }))
  ) {
    await db
      .update(accounts)
      .set({ password: await ctx.password.hash(input.password), updatedAt: new Date() })
      .where(eq(accounts.id, credential.id))
    changed = true
  }
  // A new password or a new role ends the account's sessions: they were granted under the old ones.
  if (changed) await db.delete(sessions).where(eq(sessions.userId, existing.id))
  return changed ? 'updated' : 'unchanged'
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url')
}

/** admin@<host of PUBLIC_URL>, or admin@shop.localhost where the host is not a domain name. */
export function firstRunAdminEmail(publicUrl: string): string {
  const host = new URL(publicUrl).hostname
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host) ? `admin@${host}` : 'admin@shop.localhost'
}

/**
 * Without ADMIN_EMAIL/ADMIN_PASSWORD, the first start creates an admin with a one-time password and
 * returns it (to be printed once); any later start, or a shop that has an admin, returns null.
 */
export async function ensureFirstRunAdmin(
  auth: Auth,
  db: Db,
  publicUrl: string,
): Promise<{ email: string; password: string } | null> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1)
  if (admin) return null
  const email = firstRunAdminEmail(publicUrl)
  const password = generatePassword()
  try {
    await ensureAdmin(auth, db, { email, password })
  } catch (error) {
    // Another instance starting at the same moment created it first.
    const [again] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1)
    if (again) return null
    throw error
  }
  return { email, password }
}
