// Preloaded (`node --import=./server/malloc-trim.ts`) by `npm start` and `npm run serve`, before the
// server's modules load. glibc's allocator keeps memory that threads freed (V8 compiling PGlite's
// WebAssembly, the collector's helpers) for reuse instead of returning it: about 60 MB that the
// server at rest never uses again. MALLOC_TRIM_THRESHOLD_ makes it give back free memory above
// 128 KB; glibc reads it only when a process starts, so on Linux, when it is unset, the process
// replaces itself (same PID, same arguments) with one that has it: about 50 ms of CPU, before anything else.
//
// The new process also has Node's compile cache on from its first module (NODE_COMPILE_CACHE, unless
// set: the folder scripts/start.ts's enableCompileCache() uses), so the TypeScript that starts the
// server (this file, server/main.ts, scripts/start.ts) comes stripped from the cache and Node's type
// stripper (WebAssembly, about 17 MB resident once used) is never loaded on a restart.
import { tmpdir } from 'node:os'
import path from 'node:path'

const TRIM_THRESHOLD = String(128 * 1024)

if (process.platform === 'linux' && process.env.MALLOC_TRIM_THRESHOLD_ === undefined) {
  process.execve?.(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_TRIM_THRESHOLD_: TRIM_THRESHOLD,
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(tmpdir(), 'node-compile-cache'),
  })
}
