// External sign-in providers as the browser may know them: which are configured and their labels,
// never an id or a secret. The provider's error codes become readable sentences.

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

const PROVIDER_ERRORS: Record<string, string> = {
  access_denied:
    'Sign-in was cancelled or refused at the provider. You can try again or choose another way to sign in.',
  consent_required:
    'Sign-in was cancelled or refused at the provider. You can try again or choose another way to sign in.',
  login_required:
    'Sign-in was cancelled or refused at the provider. You can try again or choose another way to sign in.',
  state_not_found: 'Your sign-in took too long or was started in another window. Please try again.',
  state_mismatch: 'Your sign-in took too long or was started in another window. Please try again.',
  invalid_callback_request: 'Your sign-in took too long or was started in another window. Please try again.',
  please_restart_the_process: 'Your sign-in took too long or was started in another window. Please try again.',
  email_not_found: 'The provider did not share an e-mail address with us. Please choose another way to sign in.',
  account_not_linked:
    'This e-mail already has an account with us. Please sign in with your e-mail and password, then try again.',
  signup_disabled: 'New accounts cannot be created this way. Please choose another way to sign in.',
  provider_not_found: 'That way of signing in is not available. Please choose another one.',
  provider_unavailable:
    'That provider cannot be reached just now. Please try again later or choose another way to sign in.',
}

export function providerError(code: string): string {
  return (
    PROVIDER_ERRORS[code.toLowerCase()] ??
    'We could not sign you in with that provider. Please try again or choose another way to sign in.'
  )
}
