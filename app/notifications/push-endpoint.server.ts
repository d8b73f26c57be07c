// Whether the server may post to a subscription's endpoint. The endpoint comes from a browser, and the
// server later posts to it: without this check anyone could make the shop send requests into its own
// network (request forgery). Real push services are public https hosts.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { isPublicAddress } from '#app/platform/public-address.server.ts'

export type EndpointCheck = { ok: true } | { ok: false; message: string }

export type Resolve = (hostname: string) => Promise<string[]>

const resolveAll: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

/**
 * An endpoint is accepted when it is https and every address its host resolves to is public, or,
 * with `allowPrivate` (PUSH_ALLOW_PRIVATE_ENDPOINTS, for tests and private deployments), whatever
 * its scheme and address.
 */
export async function checkEndpoint(
  endpoint: string,
  { allowPrivate, resolve = resolveAll }: { allowPrivate: boolean; resolve?: Resolve },
): Promise<EndpointCheck> {
  const url = new URL(endpoint)
  if (allowPrivate) return { ok: true }
  if (url.protocol !== 'https:') return { ok: false, message: 'The endpoint must be an https:// URL.' }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  if (isIP(host)) {
    addresses = [host]
  } else {
    try {
      addresses = await resolve(host)
    } catch {
      return { ok: false, message: 'The endpoint’s host could not be found.' }
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    return { ok: false, message: 'The endpoint must be a public push service, not a private or local address.' }
  }
  return { ok: true }
}
