import { describe, expect, it } from 'vitest';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const download = (id: number, headers: Record<string, string>, ip: string, method = 'GET') =>
  t.app.inject({
    method: method as 'GET' | 'HEAD',
    url: `/api/v1/datasets/${id}/versions/1/download`,
    headers,
    remoteAddress: ip,
  });

const downloads = async (id: number) =>
  (await get(t, `/datasets/${id}`, alice)).json().download_count as number;

/** `date` moved by `seconds`, as an IMF-fixdate. */
const shifted = (date: string, seconds: number) =>
  new Date(Date.parse(date) + seconds * 1000).toUTCString();

describe('If-Modified-Since on downloads', () => {
  it('is 304 from Last-Modified on, not counted as a download; an older date gets the file', async () => {
    const d = await createDataset(t, alice);
    const first = await download(d.id, {}, '10.1.0.1');
    expect(first.statusCode).toBe(200);
    const modified = String(first.headers['last-modified']);
    for (const since of [modified, shifted(modified, 60)]) {
      const again = await download(d.id, { 'if-modified-since': since }, '10.1.0.2');
      expect([since, again.statusCode, again.body]).toEqual([since, 304, '']);
      expect(again.headers.etag).toBe(first.headers.etag);
      const head = await download(d.id, { 'if-modified-since': since }, '10.1.0.2', 'HEAD');
      expect(head.statusCode).toBe(304);
    }
    expect(await downloads(d.id)).toBe(1);
    const older = await download(d.id, { 'if-modified-since': shifted(modified, -1) }, '10.1.0.3');
    expect(older.statusCode).toBe(200);
    expect(older.body).toBe(first.body);
    expect(await downloads(d.id)).toBe(2);
  });

  it('takes the obsolete date forms, and ignores a value that is not an HTTP-date', async () => {
    const d = await createDataset(t, alice);
    const modified = String((await download(d.id, {}, '10.2.0.1')).headers['last-modified']);
    const later = new Date(Date.parse(modified) + 3_600_000);
    const [day, date, month, year, time] = later.toUTCString().replace(',', '').split(' ');
    const weekday = `${{ Tue: 'Tues', Wed: 'Wednes', Thu: 'Thurs', Sat: 'Satur' }[day!] ?? day}day`;
    const rfc850 = `${weekday}, ${date}-${month}-${year!.slice(2)} ${time} GMT`;
    const asctime = `${day} ${month} ${date!.replace(/^0/, ' ')} ${time} ${year}`;
    for (const since of [rfc850, asctime]) {
      const res = await download(d.id, { 'if-modified-since': since }, '10.2.0.2');
      expect([since, res.statusCode]).toEqual([since, 304]);
    }
    for (const since of ['tomorrow', '2999', '', `${shifted(modified, 60)} junk`]) {
      const res = await download(d.id, { 'if-modified-since': since }, '10.2.0.3');
      expect([since, res.statusCode]).toEqual([since, 200]);
    }
  });

  it('gives way to If-None-Match when both are sent (RFC 9110 §13.2.2)', async () => {
    const d = await createDataset(t, alice);
    const first = await download(d.id, {}, '10.3.0.1');
    const modified = String(first.headers['last-modified']);
    const stale = await download(
      d.id,
      { 'if-none-match': '"another"', 'if-modified-since': shifted(modified, 60) },
      '10.3.0.2',
    );
    expect(stale.statusCode).toBe(200);
    const fresh = await download(
      d.id,
      { 'if-none-match': String(first.headers.etag), 'if-modified-since': shifted(modified, -60) },
      '10.3.0.3',
    );
    expect(fresh.statusCode).toBe(304);
    expect(await downloads(d.id)).toBe(2);
  });
});

describe('If-Range with a date', () => {
  it('serves the range when the date is Last-Modified, else the whole file', async () => {
    const d = await createDataset(t, alice);
    const first = await download(d.id, {}, '10.4.0.1');
    const modified = String(first.headers['last-modified']);
    const resumed = await download(d.id, { range: 'bytes=3-', 'if-range': modified }, '10.4.0.2');
    expect(resumed.statusCode).toBe(206);
    expect(resumed.rawPayload).toEqual(first.rawPayload.subarray(3));
    for (const other of [shifted(modified, 1), shifted(modified, -1), 'yesterday']) {
      const whole = await download(d.id, { range: 'bytes=3-', 'if-range': other }, '10.4.0.3');
      expect([other, whole.statusCode, whole.body]).toEqual([other, 200, first.body]);
    }
    const weak = `W/${String(first.headers.etag)}`;
    const byWeakTag = await download(d.id, { range: 'bytes=3-', 'if-range': weak }, '10.4.0.4');
    expect(byWeakTag.statusCode).toBe(200);
  });
});
