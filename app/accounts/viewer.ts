import type { Role } from './schema.ts'

/** The signed-in visitor as pages see it. */
export interface Viewer {
  id: string
  name: string
  /** Null for an account made with a phone number only. */
  email: string | null
  phone: string | null
  role: Role
  twoFactorEnabled: boolean
}
