import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `sh` reading a pipe from this process until it closes, which happens when this process ends
 * however it ends; then it asks the server (`$1`) for a fast shutdown.
 */
const WATCH = 'while read -r _; do :; done; kill -INT "$1" 2>/dev/null';

/**
 * Stops the embedded server when this process dies without stopping it (`kill -9`, a test run
 * interrupted while its runner cleans nothing up). The server runs in a process group of its own
 * so that a terminal's Ctrl-C reaches Sheaf first, so nothing else would stop it: a small
 * watchdog process holds a pipe from this one and, when the pipe closes, sends the server SIGINT.
 * The watchdog is in a session of its own too (Ctrl-C does not end it), and ends with the server.
 */
export function watchServer(server: ChildProcess): void {
  if (server.pid === undefined) return;
  const watchdog = spawn('/bin/sh', ['-c', WATCH, 'sheaf-postgres-watchdog', String(server.pid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  watchdog.on('error', () => undefined);
  // Neither keeps this process running.
  watchdog.unref();
  (watchdog.stdin as { unref?: () => void } | null)?.unref?.();
  server.once('exit', () => watchdog.kill('SIGKILL'));
}
