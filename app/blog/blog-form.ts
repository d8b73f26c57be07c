// The Blogs tab's form (spec sections 2, 3 and 5): one schema, run by the browser for early feedback
// and by the action for the decision, and the slug rule the form and the server share.

import { z } from 'zod'
import { isShopImageUrl } from '#app/media/image-url.ts'
import { type FieldErrors, type FormValidation, formValues, validateForm } from '#app/shared/form-schema.ts'
import { slugify } from '#app/shared/slug.ts'

export const BLOG_FIELDS = [
  'title',
  'slug',
  'excerpt',
  'content',
  'imageUrl',
  'author',
  'isPublished',
  // The owner's Hindi version (same limits); an empty text is no translation: /hi/blog shows the English one.
  'titleHi',
  'excerptHi',
  'contentHi',
] as const
export type BlogField = (typeof BLOG_FIELDS)[number]
export type BlogFormValues = Record<BlogField, string>
export type BlogFieldErrors = FieldErrors<BlogField>

/** Set by the form's script: the action answers it with data; a plain form post is redirected. */
export const ENHANCED_FIELD = 'enhanced'

/** Long enough for any real post; short enough that a pasted book is refused, not stored. */
export const BLOG_LIMITS = { title: 150, slug: 100, excerpt: 300, content: 50_000, author: 80 } as const

/** What a slug looks like: lower-case letters and digits in runs joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A post's slug (spec section 5), cut to the slug's length limit. */
export function blogSlug(text: string): string {
  return slugify(text, BLOG_LIMITS.slug)
}

/** A text the form may leave out: absent or empty is none. */
function optional(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `Please keep the ${label} to ${max.toLocaleString('en-IN')} characters or fewer.`)
    .default('')
}

function required(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `Please keep the ${label.toLowerCase()} to ${max.toLocaleString('en-IN')} characters or fewer.`)
}

export const blogFormSchema = z
  .object({
    title: required('Title', BLOG_LIMITS.title),
    slug: z
      .string()
      .trim()
      .max(BLOG_LIMITS.slug, `Please keep the slug to ${BLOG_LIMITS.slug} characters or fewer.`)
      .refine(
        (slug) => slug === '' || SLUG_PATTERN.test(slug),
        'Use lower-case letters, digits and single hyphens only, like the-story-of-ratlami-sev.',
      ),
    excerpt: required('Excerpt', BLOG_LIMITS.excerpt),
    content: required('Content', BLOG_LIMITS.content),
    imageUrl: z
      .string()
      .trim()
      .refine((url) => url === '' || isShopImageUrl(url), 'Choose one of the shop’s images, or upload one.')
      .transform((url) => url || null),
    author: required('Author', BLOG_LIMITS.author),
    // A checkbox: 'on' when ticked, absent (read as '') when not.
    isPublished: z.enum(['on', ''], 'Publish immediately is either on or off.').transform((value) => value === 'on'),
    titleHi: optional('title in Hindi', BLOG_LIMITS.title),
    excerptHi: optional('excerpt in Hindi', BLOG_LIMITS.excerpt),
    contentHi: optional('content in Hindi', BLOG_LIMITS.content),
  })
  // Spec section 5: a slug left empty is made from the title at save.
  .transform((blog, context) => {
    const slug = blog.slug || blogSlug(blog.title)
    if (!slug) {
      context.addIssue({
        code: 'custom',
        path: ['slug'],
        message: 'The title has no letters or digits to make a slug from: please type a slug.',
      })
      return z.NEVER
    }
    return { ...blog, slug }
  })

export type BlogInput = z.output<typeof blogFormSchema>
export type BlogValidation = FormValidation<BlogInput, BlogField>

export function blogFormValues(formData: FormData): BlogFormValues {
  return formValues(formData, BLOG_FIELDS)
}

export function validateBlogForm(values: unknown): BlogValidation {
  return validateForm(blogFormSchema, BLOG_FIELDS, values)
}
