// Money is integer paise everywhere; only display code turns it into rupees, with Indian grouping.

// Each in the page's language (en-IN, hi-IN): both keep Indian grouping and Latin digits.
import type { Locale } from '#app/i18n/locale.ts'
import { getLocale } from '#app/paraglide/runtime.js'

const withPaise = {
  en: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }),
  hi: new Intl.NumberFormat('hi-IN', { style: 'currency', currency: 'INR' }),
}
const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
})

/** 8000 -> '₹80.00'; 10000000 -> '₹1,00,000.00'. In the request's language unless told (e-mails: the order's). */
export function formatRupees(paise: number, locale: Locale = getLocale()): string {
  return withPaise[locale].format(paise / 100)
}

/** The admin's revenue figure: rupees without decimals. */
export function formatWholeRupees(paise: number): string {
  return wholeRupees.format(paise / 100)
}
