/**
 * Imported by the server's entry (`src/server/main.ts`) before anything that could use libuv's
 * thread pool, which reads `UV_THREADPOOL_SIZE` once, when its first job starts. DuckDB's table
 * queries run on that pool, as do file reads (downloads, static files), `fs` calls, DNS lookups
 * and zlib: with libuv's default of 4 threads a few table queries held every thread and the rest
 * queued behind them. 16 leaves room beside DuckDB; an operator's own `UV_THREADPOOL_SIZE` is
 * kept. docs/performance.md, "The thread pool".
 */
process.env['UV_THREADPOOL_SIZE'] ??= '16';

export {};
