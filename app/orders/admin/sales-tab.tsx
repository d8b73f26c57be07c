// The Sales tab: revenue per India day for the last 30 days as a bar chart (with the exact figures in a
// table beside it), and the best sellers of those days. Drawn as plain SVG on the server: no chart
// library, nothing to load on a cheap phone.
import { formatWholeRupees } from '#app/shared/money.ts'
import { Card, CardContent } from '#app/ui/card.tsx'
import type { SalesFigures } from '../sales.server.ts'

const dayLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const formatDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`))

/** The chart's drawing units: one bar per day, bars BAR wide with GAP between them. */
const BAR = 8
const GAP = 2
const HEIGHT = 120

export function SalesTab({ figures }: { figures: SalesFigures }) {
  const { days, bestSellers } = figures
  const orders = days.reduce((sum, day) => sum + day.orders, 0)
  const revenue = days.reduce((sum, day) => sum + day.revenue, 0)
  const first = days[0]
  const last = days.at(-1)
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
      <Card>
        <CardContent className="grid gap-4 p-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-xl font-bold">Sales, last {days.length} days</h2>
            {first && last && (
              <p className="text-sm text-muted-foreground">
                {formatDay(first.day)} – {formatDay(last.day)} (IST)
              </p>
            )}
          </div>
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-lg bg-secondary/60 p-3">
              <dt className="text-sm text-muted-foreground">Orders</dt>
              <dd className="text-2xl font-bold">{orders.toLocaleString('en-IN')}</dd>
            </div>
            <div className="rounded-lg bg-secondary/60 p-3">
              <dt className="text-sm text-muted-foreground">Revenue</dt>
              <dd className="text-2xl font-bold">{formatWholeRupees(revenue)}</dd>
            </div>
          </dl>
          <RevenueChart days={days} />
          <details className="text-sm">
            <summary className="cursor-pointer py-2 font-semibold text-primary">Figures by day</summary>
            <table className="mt-2 w-full text-left">
              <thead className="text-muted-foreground">
                <tr>
                  <th className="py-1 font-medium">Day</th>
                  <th className="py-1 text-right font-medium">Orders</th>
                  <th className="py-1 text-right font-medium">Revenue</th>
                </tr>
              </thead>
              <tbody>
                {[...days].reverse().map((day) => (
                  <tr key={day.day} className="border-t">
                    <td className="py-1">{formatDay(day.day)}</td>
                    <td className="py-1 text-right tabular-nums">{day.orders}</td>
                    <td className="py-1 text-right tabular-nums">{formatWholeRupees(day.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <p className="text-xs text-muted-foreground">
            Revenue counts every order that is not cancelled, paid or not (cash is collected at the door).
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardContent className="grid content-start gap-3 p-5">
          <h2 className="text-xl font-bold">Best sellers</h2>
          {bestSellers.length === 0 ? (
            <p className="text-muted-foreground">No sales in these {days.length} days yet.</p>
          ) : (
            <ol className="grid gap-2" aria-label="Best sellers">
              {bestSellers.map((product, index) => (
                <li key={product.productName} className="flex items-center gap-3 rounded-lg bg-secondary/40 p-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{product.productName}</span>
                    <span className="text-sm text-muted-foreground">
                      {product.packets.toLocaleString('en-IN')} {product.packets === 1 ? 'packet' : 'packets'} ·{' '}
                      {formatWholeRupees(product.amount)}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  )
}

function RevenueChart({ days }: { days: SalesFigures['days'] }) {
  const highest = Math.max(0, ...days.map((day) => day.revenue))
  const best = days.find((day) => day.revenue === highest)
  const last = days.at(-1)
  const width = days.length * (BAR + GAP) - GAP
  const summary =
    highest > 0 && best
      ? `Revenue per day; the highest was ${formatWholeRupees(highest)} on ${formatDay(best.day)}.`
      : `No revenue in these ${days.length} days.`
  return (
    <figure className="grid gap-1">
      <span className="text-xs text-muted-foreground" aria-hidden>
        {formatWholeRupees(highest)}
      </span>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full rounded-md border-b border-border"
        role="img"
        aria-label={summary}
      >
        {days.map((day, index) => {
          const height = highest > 0 ? Math.max(day.revenue > 0 ? 2 : 0, (day.revenue / highest) * HEIGHT) : 0
          return (
            <rect
              key={day.day}
              x={index * (BAR + GAP)}
              y={HEIGHT - height}
              width={BAR}
              height={height}
              rx={1.5}
              className="fill-primary"
            >
              {/* One string: the server renders a title's children as one text, the browser would hydrate several. */}
              <title>{`${formatDay(day.day)}: ${formatWholeRupees(day.revenue)}, ${day.orders} ${day.orders === 1 ? 'order' : 'orders'}`}</title>
            </rect>
          )
        })}
      </svg>
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden>
        <span>{days[0] && formatDay(days[0].day)}</span>
        <span>{last && formatDay(last.day)}</span>
      </div>
      <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
    </figure>
  )
}
