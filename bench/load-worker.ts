/**
 * A closed-loop HTTP load client, run in a worker thread so that its own work does not queue on
 * the event loop of the server it measures. Each of `concurrency` keep-alive connections sends
 * the next URL as soon as its previous answer is read, until every URL was sent or `maxSeconds`
 * passed. Posts back the latencies in milliseconds.
 *
 * Like autocannon, which the figures were measured with, it sends no Accept-Encoding
 * (answers come uncompressed) and reads the body without parsing it: Node's `fetch` cost as much
 * CPU per JSON call as the server did, on the same two cores. `acceptEncoding` measures what a
 * compressing client costs the server.
 */
import { Agent, get } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export type LoadJob = {
  urls: string[];
  warmup: string[];
  concurrency: number;
  maxSeconds: number;
  /** Sent as Accept-Encoding (none by default). */
  acceptEncoding?: string | undefined;
};
export type LoadResult = { times: number[]; errors: number; seconds: number };

async function run(job: LoadJob): Promise<LoadResult> {
  const { urls, warmup, concurrency, maxSeconds, acceptEncoding } = job;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  /** The answer's status once its body was read (0 when the connection failed). */
  const send = (url: string) =>
    new Promise<number>((resolve) => {
      get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      }).on('error', () => resolve(0));
    });
  for (const url of warmup) await send(url);
  const times: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;
  const client = async () => {
    while (next < urls.length && performance.now() < deadline) {
      const url = urls[next++]!;
      const t0 = performance.now();
      const status = await send(url);
      times.push(performance.now() - t0);
      if (status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  agent.destroy();
  return { times, errors, seconds: (performance.now() - started) / 1000 };
}

if (parentPort) parentPort.postMessage(await run(workerData as LoadJob));
