import { type ClassValue, clsx } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Joins class names, letting later Tailwind utilities override earlier ones (shadcn/ui's cn). */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}
