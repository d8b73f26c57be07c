// The few parts of oidc-provider (no bundled types) that the OpenID Connect test uses.
declare module 'oidc-provider' {
  import type { Server } from 'node:http'

  interface Account {
    accountId: string
    claims: () => Promise<Record<string, unknown>>
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>
      },
    )
    listen(port: number): Server
  }
}
