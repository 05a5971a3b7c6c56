/**
 * The soak: FAULTS_SOAK_SECONDS (default 600) of mixed traffic from 4 clients — API lists and
 * searches, dataset and list pages, rows (sorted too), compares, downloads, favourites on and
 * off, edits and small publishes —
 * sampling the server's RSS every 5 s. Memory "stays flat" when RSS grows less than 10 % from
 * the end of the warm-up (the first 20 % of the run, at least 60 s) to the end.
 */
import { hasSite, publish, rssMb, smallCsv, Tally, type Server } from './faults-server.ts';
import type { BenchFigure } from './report.ts';

const SECONDS = Number(process.env['FAULTS_SOAK_SECONDS'] ?? 600);
const CLIENTS = 4;
const WORDS = ['城市', '人口', 'towns', '数据', 'year', '北京', 'people'];

/** One request of the mix (or, for favourites, two); the status of the last answer. */
type Step = (i: number) => Promise<number>;

const send = async (url: string, init?: RequestInit): Promise<number> => {
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return res.status;
};

/** The traffic mix: one request per step, chosen by the step number. */
function mix(base: string, auth: Record<string, string>, ids: number[]): Step[] {
  const id = (i: number) => ids[i % ids.length]!;
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const get =
    (url: (i: number) => string): Step =>
    (i) =>
      send(url(i));
  /** Favourites a dataset and takes it back (two requests; the second's status counts). */
  const favourite: Step = async (i) => {
    const res = await fetch(`${base}/api/v1/favorites`, json('POST', { dataset_id: id(i) }));
    if (res.status !== 201 && res.status !== 200) return (await res.arrayBuffer(), res.status);
    const { id: favouriteId } = (await res.json()) as { id: number };
    const del = { method: 'DELETE', headers: auth };
    return send(`${base}/api/v1/favorites/${favouriteId}`, del);
  };
  const steps: Step[] = [
    get((i) => `${base}/api/v1/datasets?limit=20&offset=${(i * 7) % 40}`),
    get((i) => `${base}/api/v1/datasets/search?query=${encodeURIComponent(WORDS[i % 7]!)}`),
    get((i) => `${base}/api/v1/datasets/${id(i)}`),
    get((i) => `${base}/api/v1/datasets/${id(i)}/versions/1/rows?offset=0&limit=50`),
    get((i) => `${base}/api/v1/datasets/${id(i)}/versions/1/rows?sort=people&offset=${i % 150}`),
    get((i) => `${base}/api/v1/datasets/${id(i)}/compare?from=1&to=1&key=city`),
    get(
      (i) =>
        `${base}/api/v1/datasets/${id(i)}/versions/1/download?format=${['csv', 'jsonl'][i % 2]}`,
    ),
    favourite,
    (i) => send(`${base}/api/v1/datasets/${id(i)}`, json('PUT', { description: `v${i}` })),
  ];
  if (hasSite) {
    steps.push(
      get((i) => `${base}/datasets/${id(i)}`),
      get((i) => `${base}/datasets?page=${1 + (i % 3)}`),
      get((i) => `${base}/en-US/datasets/${id(i)}`),
      get(() => `${base}/`),
    );
  }
  return steps;
}

export async function soak(server: Server, auth: Record<string, string>): Promise<BenchFigure[]> {
  const ids: number[] = [];
  for (let i = 0; i < 20; i++)
    ids.push(await publish(server.base, auth, `城市人口 ${i}`, smallCsv(200, i)));
  const steps = mix(server.base, auth, ids);
  const tally = new Tally();
  const samples: { at: number; rss: number }[] = [];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const sampler = setInterval(() => {
    samples.push({ at: (performance.now() - started) / 1000, rss: rssMb(server.child.pid) });
  }, 5000);
  let n = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      const i = n++;
      if (i % 200 === 199) {
        await publish(server.base, auth, `新城市 ${i}`, smallCsv(100, i))
          .then(() => tally.add(201))
          .catch(() => tally.add(500));
        continue;
      }
      try {
        tally.add(await steps[i % steps.length]!(i));
      } catch {
        tally.add('network');
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  clearInterval(sampler);
  // What memory comes back once the load ends.
  await new Promise((resolve) => setTimeout(resolve, 60_000));
  const minuteAfter = rssMb(server.child.pid);
  const warm = Math.max(60, SECONDS * 0.2);
  const after = samples.filter((s) => s.at >= warm);
  const first = after[0]?.rss ?? 0;
  const last = samples.at(-1)?.rss ?? 0;
  const peak = Math.max(...samples.map((s) => s.rss));
  const growth = first > 0 ? ((last - first) / first) * 100 : 0;
  const seconds = (performance.now() - started) / 1000;
  return [
    {
      label: 'soak: requests',
      value: `${tally.total} in ${seconds.toFixed(0)} s (${(tally.total / seconds).toFixed(0)}/s), ${tally.toString()}`,
    },
    {
      label: 'soak: failed (5xx or no answer)',
      value: String(tally.failures),
      target: '0',
      ok: tally.failures === 0,
    },
    {
      label: 'soak: RSS after warm-up → end (peak)',
      value: `${first.toFixed(0)} → ${last.toFixed(0)} MB (${peak.toFixed(0)} MB)`,
    },
    {
      label: 'soak: RSS growth after warm-up',
      value: `${growth.toFixed(1)} %`,
      target: '< 10 %',
      ok: growth < 10,
    },
    {
      label: 'soak: RSS a minute after the load',
      value: `${minuteAfter.toFixed(0)} MB (${((minuteAfter / first - 1) * 100).toFixed(1)} % from after warm-up)`,
    },
    {
      label: 'soak: RSS every 60 s (MB)',
      value: samples
        .filter((_, k) => k % 12 === 11)
        .map((s) => s.rss.toFixed(0))
        .join(' '),
    },
  ];
}
