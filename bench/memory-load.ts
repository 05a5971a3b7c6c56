/**
 * The memory bench's load: uploads of tables of MEMORY_ROWS rows (new datasets and new versions
 * of them), rows pages (plain, sorted, deep), CSV and JSON Lines downloads, compare summaries and
 * changed-rows pages, from a few clients at once until a deadline.
 */
import { publish, Tally } from './faults-server.ts';

/** Rows of each uploaded table (8 columns; 200,000 rows is about 16 MB of CSV). */
export const ROWS = Number(process.env['MEMORY_ROWS'] ?? 200_000);
const CITIES = ['北京', '上海', 'Zürich', 'São Paulo, BR', 'New "York"', '深圳市 南山区'];

/** A CSV of `rows` rows keyed by `id`; `round` changes some values, so versions differ. */
export function tableCsv(rows: number, round: number): string {
  const lines = ['id,name,city,price,quantity,active,day,updated_at'];
  for (let i = 0; i < rows; i++) {
    const changed = (i + round) % 50 === 0 ? round : 0;
    const month = String(1 + (i % 12)).padStart(2, '0');
    const day = String(1 + (i % 28)).padStart(2, '0');
    const city = CITIES[i % CITIES.length]!.replaceAll('"', '""');
    lines.push(
      [
        i + 1 + round * 7,
        i % 3 === 0 ? `用户 ${i}` : `user-${i}`,
        `"${city}"`,
        ((i * 7919) % 100_000) / 100 + changed,
        (i * 31) % 1000,
        i % 2 === 0,
        `2024-${month}-${day}`,
        `2024-${month}-${day}T${String(i % 24).padStart(2, '0')}:00:00Z`,
      ].join(','),
    );
  }
  return lines.join('\n');
}

/** Sends a request and reads its whole answer; its status (0: no answer). */
async function send(url: string, init?: RequestInit): Promise<number> {
  try {
    const res = await fetch(url, init);
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** A new version of dataset `id` from a CSV (the streamed upload); its status. */
const newVersion = (base: string, auth: Record<string, string>, id: number, csv: string) =>
  send(`${base}/api/v1/datasets/${id}/versions`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/csv' },
    body: csv,
  });

type Dataset = { id: number; versions: number };

/** The reads of the mix: one request per step, chosen by the step number. */
function reads(base: string, pick: (i: number) => Dataset): ((i: number) => string)[] {
  const api = `${base}/api/v1/datasets`;
  const deep = (i: number) => ((i * 7919) % ROWS) - ((i * 7919) % 50);
  const pair = (d: Dataset) => `from=${Math.max(1, d.versions - 1)}&to=${d.versions}`;
  return [
    (i) => `${api}/${pick(i).id}/versions/1/rows?offset=${deep(i)}&limit=50`,
    (i) => `${api}/${pick(i).id}/versions/1/rows?sort=price&offset=${deep(i)}&limit=50`,
    (i) => `${api}/${pick(i).id}/versions/1/rows?sort=name&order=desc&limit=50`,
    (i) => `${api}/${pick(i).id}/versions/1/download?format=${i % 2 ? 'csv' : 'jsonl'}`,
    (i) => `${api}/${pick(i).id}/compare?${pair(pick(i))}&key=id`,
    (i) => `${api}/${pick(i).id}/compare/rows?${pair(pick(i))}&key=id&kind=changed&limit=50`,
    (i) => `${api}/${pick(i).id}/compare/rows?${pair(pick(i))}&kind=added&offset=${i % 500}`,
    (i) => `${api}/${pick(i).id}/versions/1/stats`,
  ];
}

/**
 * Runs `steps` steps of the mix from `clients` clients (stopping early after `seconds`): every
 * tenth step an upload (a new dataset while there are fewer than four, else a new version of
 * one), else a read. Answers by status.
 */
export async function load(
  base: string,
  auth: Record<string, string>,
  { steps: count, seconds, clients }: { steps: number; seconds: number; clients: number },
): Promise<Tally> {
  const datasets: Dataset[] = [];
  const tally = new Tally();
  const first = await publish(base, auth, `内存 0`, tableCsv(ROWS, 0));
  datasets.push({ id: first, versions: 1 });
  tally.add(201);
  const pick = (i: number) => datasets[i % datasets.length]!;
  const steps = reads(base, pick);
  const deadline = performance.now() + seconds * 1000;
  let n = 0;
  const upload = async (i: number) => {
    if (datasets.length < 4) {
      const id = await publish(base, auth, `内存 ${i}`, tableCsv(ROWS, i)).catch(() => 0);
      if (id) datasets.push({ id, versions: 1 });
      return id ? 201 : 500;
    }
    const d = pick(i);
    const status = await newVersion(base, auth, d.id, tableCsv(ROWS, i));
    if (status === 201) d.versions++;
    return status;
  };
  const client = async () => {
    while (n < count && performance.now() < deadline) {
      const i = n++;
      tally.add(i % 10 === 9 ? await upload(i) : await send(steps[i % steps.length]!(i)));
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return tally;
}
