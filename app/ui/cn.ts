import { type ClassValue, clsx } from 'clsx'
import { mergeClasses } from './merge-classes.ts'

/**
 * Joins class names, letting later Tailwind utilities override earlier ones of their group (shadcn/ui's
 * cn, with the shop's own merge in place of tailwind-merge: merge-classes.ts).
 */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs))
}
