// React Router's Link, NavLink and Form that keep the visitor in the page's language: a link to a
// shop page from a Hindi page goes to its Hindi address. Shop components import these instead of
// react-router's. Links elsewhere (the admin panel, a feed, another site) are left as they are.
import type { ComponentProps } from 'react'
import { Form as RouterForm, Link as RouterLink, NavLink as RouterNavLink, type To } from 'react-router'
import { localizedHref } from './locale.ts'
import { getLocale } from './page-locale.ts'

/** An address in the page's language (for fetchers, navigate() and plain forms). */
export function localize(href: string): string {
  return localizedHref(href, getLocale())
}

/** A link target in the page's language. */
export function localizeTo(to: To): To {
  if (typeof to === 'string') return localize(to)
  return to.pathname ? { ...to, pathname: localize(to.pathname) } : to
}

export function Link({ to, ...props }: ComponentProps<typeof RouterLink>) {
  return <RouterLink to={localizeTo(to)} {...props} />
}

export function NavLink({ to, ...props }: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink to={localizeTo(to)} {...props} />
}

export function Form({ action, ...props }: ComponentProps<typeof RouterForm>) {
  return <RouterForm action={action === undefined ? undefined : localize(action)} {...props} />
}
