import { Link } from '#app/i18n/links.tsx'

export function Logo({ shopName }: { shopName: string }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-serif text-xl font-bold text-brown">
      <img src="/icons/icon.svg" alt="" width={36} height={36} className="size-9" />
      <span>{shopName}</span>
    </Link>
  )
}
