/**
 * A closed-loop HTTP load client, run in a worker thread so that its own work (fetch, parsing)
 * does not queue on the event loop of the server it measures. Each of `concurrency` clients
 * sends the next URL as soon as its previous answer is read, until every URL was sent or
 * `maxSeconds` passed. Posts back the latencies in milliseconds.
 */
import { parentPort, workerData } from 'node:worker_threads';

export type LoadJob = {
  urls: string[];
  warmup: string[];
  concurrency: number;
  maxSeconds: number;
};
export type LoadResult = { times: number[]; errors: number; seconds: number };

async function run({ urls, warmup, concurrency, maxSeconds }: LoadJob): Promise<LoadResult> {
  for (const url of warmup) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;
  const client = async () => {
    while (next < urls.length && performance.now() < deadline) {
      const url = urls[next++]!;
      const t0 = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return { times, errors, seconds: (performance.now() - started) / 1000 };
}

if (parentPort) parentPort.postMessage(await run(workerData as LoadJob));
