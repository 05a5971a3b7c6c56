/**
 * V8 flags the server process is started with (they must be given on the command line: V8 sizes
 * its heap when the process starts). A young generation of at most 4 MB per semi-space instead of
 * V8's 16 MB keeps the server's memory ~100 MB lower, idle and under load, at the same
 * throughput (docs/performance.md, "Memory"). `npm start`, `npm run dev`, deploy/sheaf.service,
 * the browser tests' server and the fault bench all use them; tests/unit/node-flags.test.ts
 * checks the first three say the same.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'] as const;
