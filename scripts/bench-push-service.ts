// The benchmark's push service in a process of its own (scripts/bench-push.ts starts and stops it), so
// verifying and decrypting 10,000 pushes does not share an event loop with the shop's fan-out. Prints
// its origin on the first line of stdout; stops on SIGTERM or when its parent goes away.
import { startPushService } from '../tests/push-service.ts'

const service = await startPushService()
service.countOnly = true
process.stdout.write(`${service.origin}\n`)
const stop = async () => {
  await service.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('disconnect', () => void stop())
