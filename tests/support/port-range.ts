import { readFileSync } from 'node:fs';

/** The TCP ports something on this machine listens on (Linux's /proc/net/tcp and tcp6). */
function listeningPorts(): Set<number> {
  const ports = new Set<number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let table: string;
    try {
      table = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of table.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state === '0A' && local) ports.add(parseInt(local.split(':').pop()!, 16));
    }
  }
  return ports;
}

/**
 * The first port of `size` consecutive ports in `from`…`to` that nothing listens on, starting at
 * `start` and moving on a range at a time (a run once drew the range holding 25,672, RabbitMQ's
 * port between its nodes, and its nginx could not bind).
 */
export function freePortRange(start: number, size: number, from: number, to: number): number {
  const taken = listeningPorts();
  const ranges = Math.floor((to - from + 1) / size);
  for (let i = 0; i < ranges; i++) {
    const base = from + ((start - from + i * size) % (ranges * size));
    let free = true;
    for (let p = base; p < base + size && free; p++) free = !taken.has(p);
    if (free) return base;
  }
  return start;
}
