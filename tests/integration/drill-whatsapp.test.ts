// The WhatsApp drill (scripts/drills/whatsapp.ts) at a tenth of its size on each database: 100 notices
// to 30 customers at 8 messages a second, with duplicate, concurrent, reordered and forged webhooks.
// Its time allows for the drill's own deadlines (scripts/drills/whatsapp.ts): a notice stuck short of
// its end fails an invariant that names it, not the test's time.
import { it } from 'vitest'
import { DATABASE_KINDS } from './databases.ts'
import { expectDrillHolds } from './drills.ts'

it.concurrent.each(DATABASE_KINDS)(
  'sends each WhatsApp notice once, in order and within the throughput, and ends each as its last status says, on %s',
  (kind) => expectDrillHolds('whatsapp', kind, 0.1),
  300_000,
)
