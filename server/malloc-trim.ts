// Preloaded (`node --import=./server/malloc-trim.ts`) by `npm start` and `npm run serve`, before the
// server's modules load. glibc's allocator keeps memory that threads freed (V8 compiling PGlite's
// WebAssembly, the collector's helpers) for reuse instead of returning it: about 60 MB that the
// server at rest never uses again. MALLOC_TRIM_THRESHOLD_ makes it give back free memory above
// 128 KB; glibc reads it only when a process starts, so on Linux, when it is unset, the process
// replaces itself (same PID, same arguments) with one that has it: about 50 ms of CPU, before anything else.
const TRIM_THRESHOLD = String(128 * 1024)

if (process.platform === 'linux' && process.env.MALLOC_TRIM_THRESHOLD_ === undefined) {
  process.execve?.(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_TRIM_THRESHOLD_: TRIM_THRESHOLD,
  })
}
