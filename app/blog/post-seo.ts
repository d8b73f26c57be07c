// What a post tells search engines and link previews: BlogPosting structured data.
import type { BlogPosting, WithContext } from 'schema-dts'
import { HTML_LANG, localizedHref } from '#app/i18n/locale.ts'
import { getLocale } from '#app/paraglide/runtime.js'
import { absoluteUrl } from '#app/seo/meta.ts'
import { largestVariant, postImage, postOgImage } from './post-view.ts'

export interface PostForJsonLd {
  slug: string
  title: string
  excerpt: string
  author: string
  imageUrl: string | null
  publishedAt: string
  updatedAt: string
}

export function blogPostingJsonLd(origin: string, shopName: string, post: PostForJsonLd): WithContext<BlogPosting> {
  const locale = getLocale()
  const url = absoluteUrl(origin, localizedHref(`/blog/${post.slug}`, locale))
  const preview = postOgImage(post.imageUrl)
  const images = [...(preview ? [preview] : []), largestVariant(postImage(post.imageUrl))]
  // The shop's own team writes as the shop; a named author is a person.
  const byShop = post.author.toLowerCase().startsWith(shopName.toLowerCase())
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    image: images.map((image) => absoluteUrl(origin, image)),
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: byShop
      ? { '@type': 'Organization', name: post.author, url: absoluteUrl(origin, '/about') }
      : { '@type': 'Person', name: post.author },
    publisher: {
      '@type': 'Organization',
      name: shopName,
      url: absoluteUrl(origin, '/'),
      logo: { '@type': 'ImageObject', url: absoluteUrl(origin, '/icons/icon-512.png'), width: '512', height: '512' },
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    inLanguage: HTML_LANG[locale],
  }
}
