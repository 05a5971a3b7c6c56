/**
 * Bounded table work (docs/tables.md, "Bounds"): a BOUNDS_ROWS-row table (default 1,000,000 ×
 * 8, two versions) under 3 × 16 deep sorted pages in flight, then under 10 keyed compares of
 * uncached row pages in flight. Beside each load, /health's latency and the JSON detail of another
 * dataset, against the same figures unloaded. Targets: /health p99 < 50 ms, detail ≥ 0.8×.
 */
import { publish, Tally, type Server } from './faults-server.ts';
import type { BenchFigure } from './report.ts';

const ROWS = Number(process.env['BOUNDS_ROWS'] ?? 1_000_000);
const LOAD_SECONDS = Number(process.env['BOUNDS_SECONDS'] ?? 20);

/** A wide table whose `city` repeats (100 values) and whose `id` is unique. */
function bigCsv(rows: number, salt: number): string {
  const lines = ['id,city,year,people,area,code,note,score'];
  for (let i = 0; i < rows; i++) {
    const changed = salt > 0 && i % 97 === 0;
    lines.push(
      `${i},城市${i % 100},${2000 + (i % 25)},${(i * 37) % 1_000_003},${i % 9973}.5,` +
        `C${(i * 7919) % 100_000},"note ${changed ? 'changed' : 'same'} ${i % 13}",${(i % 1000) / 10}`,
    );
  }
  return lines.join('\n');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** /health latencies (ms) and detail answers per second, measured for `seconds`. */
async function probe(base: string, detailId: number, seconds: number) {
  const until = performance.now() + seconds * 1000;
  const health: number[] = [];
  let details = 0;
  const healthLoop = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/health`);
      await res.arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const detailLoop = async () => {
    while (performance.now() < until) {
      const res = await fetch(`${base}/api/v1/datasets/${detailId}`);
      await res.arrayBuffer();
      if (res.status === 200) details++;
    }
  };
  await Promise.all([healthLoop(), detailLoop(), detailLoop()]);
  health.sort((a, b) => a - b);
  return {
    p50: percentile(health, 0.5),
    p99: percentile(health, 0.99),
    perSecond: details / seconds,
  };
}

/** `clients` loops sending `url(i)` until `seconds` pass; their answers by status. */
function load(clients: number, seconds: number, url: (i: number) => string) {
  const tally = new Tally();
  const until = performance.now() + seconds * 1000;
  let n = 0;
  const client = async () => {
    while (performance.now() < until) {
      try {
        const res = await fetch(url(n++), { signal: AbortSignal.timeout(60_000) });
        await res.arrayBuffer();
        tally.add(res.status);
        // A refused request comes back when its Retry-After says (the viewer tells its reader
        // when to try again): a client that retries a 503 at once is a flood, the rate limit's
        // business, not a table query in flight.
        const retry = res.status === 503 ? Number(res.headers.get('retry-after') ?? 1) : 0;
        if (retry > 0) await new Promise((r) => setTimeout(r, Math.min(retry, 5) * 1000));
      } catch {
        tally.add('network');
      }
    }
  };
  return { tally, done: Promise.all(Array.from({ length: clients }, client)) };
}

export async function bounds(server: Server, auth: Record<string, string>): Promise<BenchFigure[]> {
  const { base } = server;
  console.log(`bounds: publishing ${ROWS.toLocaleString('en-US')} rows twice`);
  const big = await publish(base, auth, '大表', bigCsv(ROWS, 0));
  const version = await fetch(`${base}/api/v1/datasets/${big}/versions`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/csv' },
    body: bigCsv(ROWS, 1),
  });
  if (version.status !== 201) throw new Error(`version: ${version.status}`);
  const small = await publish(base, auth, '小表', 'a,b\n1,2');
  const quiet = await probe(base, small, 10);
  const figures: BenchFigure[] = [
    {
      label: 'bounds: unloaded /health p50 / p99, detail',
      value: `${quiet.p50.toFixed(1)} / ${quiet.p99.toFixed(1)} ms, ${quiet.perSecond.toFixed(0)}/s`,
    },
  ];
  const deep = Math.floor(ROWS * 0.4);
  const cases: { name: string; clients: number; url: (i: number) => string }[] = [
    {
      name: '48 deep sorted pages',
      clients: 48,
      url: (i) =>
        `${base}/api/v1/datasets/${big}/versions/1/rows?sort=${['people', 'code', 'score'][i % 3]}&order=desc&offset=${deep + (i % 1000) * 50}&limit=50`,
    },
    {
      name: '10 keyed compares',
      clients: 10,
      url: (i) =>
        `${base}/api/v1/datasets/${big}/compare/rows?from=1&to=2&key=id&kind=changed&offset=${i * 50}&limit=50`,
    },
  ];
  for (const c of cases) {
    console.log(`bounds: ${c.name}`);
    const { tally, done } = load(c.clients, LOAD_SECONDS + 5, c.url);
    await new Promise((r) => setTimeout(r, 3000));
    const loaded = await probe(base, small, LOAD_SECONDS);
    await done;
    const ratio = loaded.perSecond / quiet.perSecond;
    figures.push(
      {
        label: `bounds: ${c.name}: their answers`,
        value: tally.toString(),
      },
      {
        label: `bounds: ${c.name}: /health p50 / p99`,
        value: `${loaded.p50.toFixed(1)} / ${loaded.p99.toFixed(1)} ms`,
        target: 'p99 < 50 ms',
        ok: loaded.p99 < 50,
      },
      {
        label: `bounds: ${c.name}: detail of another dataset`,
        value: `${loaded.perSecond.toFixed(0)}/s (${ratio.toFixed(2)}× unloaded)`,
        target: '≥ 0.8×',
        ok: ratio >= 0.8,
      },
    );
  }
  return figures;
}
