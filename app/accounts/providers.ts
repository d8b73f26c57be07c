// External sign-in providers as the browser may know them: which are configured and their labels,
// never an id or a secret. The provider's error codes become readable sentences.
import { m } from '#app/paraglide/messages.js'

export type ProviderId = 'google' | 'facebook' | 'apple' | 'oidc'

export interface PublicProvider {
  id: ProviderId
  label: string
}

interface OAuthConfig {
  oauth: {
    google?: unknown
    facebook?: unknown
    apple?: unknown
    oidc?: { name: string } | undefined
  }
}

export function publicProviders(config: OAuthConfig): PublicProvider[] {
  const providers: PublicProvider[] = []
  if (config.oauth.google) providers.push({ id: 'google', label: 'Google' })
  if (config.oauth.facebook) providers.push({ id: 'facebook', label: 'Facebook' })
  if (config.oauth.apple) providers.push({ id: 'apple', label: 'Apple' })
  if (config.oauth.oidc) providers.push({ id: 'oidc', label: config.oauth.oidc.name })
  return providers
}

/** A provider's error code (better-auth's, or the shop's own) as a sentence in the page's language. */
export function providerError(code: string): string {
  switch (code.toLowerCase()) {
    case 'access_denied':
    case 'consent_required':
    case 'login_required':
      return m.provider_error_cancelled()
    case 'state_not_found':
    case 'state_mismatch':
    case 'invalid_callback_request':
    case 'please_restart_the_process':
      return m.provider_error_expired()
    case 'email_not_found':
      return m.provider_error_no_email()
    case 'account_not_linked':
      return m.provider_error_not_linked()
    case 'signup_disabled':
      return m.provider_error_signup_disabled()
    case 'provider_not_found':
      return m.provider_error_not_found()
    case 'provider_unavailable':
      return m.provider_error_unavailable()
    default:
      return m.provider_error_failed()
  }
}
