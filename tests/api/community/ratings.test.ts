import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../support/users.ts';
import { caller, datasetAs, newDataset, suiteApp } from '../../support/api.ts';

const t = suiteApp();
let call: ReturnType<typeof caller>;
let owner: SignedUp;
let ann: SignedUp;
let bob: SignedUp;
let cai: SignedUp;

beforeAll(async () => {
  call = caller(t);
  [owner, ann, bob, cai] = await Promise.all([
    signUp(t.app),
    signUp(t.app),
    signUp(t.app),
    signUp(t.app),
  ]);
});

describe('POST /datasets/{id}/rate', () => {
  it('rejects anything but an integer from 1 to 5', async () => {
    const { id } = await newDataset(t, owner);
    for (const score of [0, 6, 2.5, '3', null, -1]) {
      const res = await call('POST', `/datasets/${id}/rate`, ann, { score });
      expect(res.statusCode, `score ${JSON.stringify(score)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(res.json().details[0].field).toBe('score');
    }
    const missing = await call('POST', `/datasets/${id}/rate`, ann, {});
    expect(missing.statusCode).toBe(400);
    const rating = await call('GET', `/datasets/${id}/rating`, ann);
    expect(rating.json()).toEqual({ score: null, average_score: 0, rating_count: 0 });
  });

  it('averages the ratings and answers the caller’s score', async () => {
    const { id } = await newDataset(t, owner);
    const first = await call('POST', `/datasets/${id}/rate`, ann, { score: 5 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ score: 5, average_score: 5, rating_count: 1 });
    const second = await call('POST', `/datasets/${id}/rate`, bob, { score: 2 });
    expect(second.json()).toEqual({ score: 2, average_score: 3.5, rating_count: 2 });
    const third = await call('POST', `/datasets/${id}/rate`, cai, { score: 4 });
    expect(third.json().rating_count).toBe(3);
    expect(third.json().average_score).toBeCloseTo(11 / 3, 5);

    const detail = (await datasetAs(t, id)).json();
    expect(detail.rating_count).toBe(3);
    expect(detail.average_score).toBeCloseTo(11 / 3, 5);
  });

  it('replaces the caller’s previous score instead of adding one', async () => {
    const { id } = await newDataset(t, owner);
    await call('POST', `/datasets/${id}/rate`, ann, { score: 1 });
    await call('POST', `/datasets/${id}/rate`, bob, { score: 3 });
    const changed = await call('POST', `/datasets/${id}/rate`, ann, { score: 5 });
    expect(changed.json()).toEqual({ score: 5, average_score: 4, rating_count: 2 });

    const mine = await call('GET', `/datasets/${id}/rating`, ann);
    expect(mine.json()).toEqual({ score: 5, average_score: 4, rating_count: 2 });
    const guest = await call('GET', `/datasets/${id}/rating`);
    expect(guest.json()).toEqual({ score: null, average_score: 4, rating_count: 2 });
  });

  it('keeps the later of two saves from one page when the earlier arrives last', async () => {
    const { id } = await newDataset(t, owner);
    const rate = (score: number, order?: object) =>
      call('POST', `/datasets/${id}/rate`, ann, { score, ...(order && { order }) });
    const page = 'page-one-0123456789';
    // 3 was chosen after 4, but its save (sent as the page was left) arrived first.
    expect((await rate(3, { page, sequence: 2 })).json().score).toBe(3);
    const late = await rate(4, { page, sequence: 1 });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ score: 3, average_score: 3, rating_count: 1 });
    expect((await call('GET', `/datasets/${id}/rating`, ann)).json().score).toBe(3);
    // Another page, or a save without an order, replaces it as before.
    expect((await rate(2, { page: 'page-two-0123456789', sequence: 1 })).json().score).toBe(2);
    expect((await rate(5)).json()).toEqual({ score: 5, average_score: 5, rating_count: 1 });
    expect((await rate(1, { page, sequence: 1 })).json().score).toBe(1);
    for (const order of [{ page: 'short', sequence: 1 }, { page, sequence: 0 }, { page }]) {
      const refused = await rate(4, order);
      expect(refused.statusCode, JSON.stringify(order)).toBe(400);
    }
  });

  it('does not let owners rate their own dataset', async () => {
    const { id } = await newDataset(t, owner);
    const res = await call('POST', `/datasets/${id}/rate`, owner, { score: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CANNOT_RATE_OWN_DATASET');
    expect((await datasetAs(t, id)).json().rating_count).toBe(0);
  });

  it('needs a token, and answers 404 for a missing or someone else’s private dataset', async () => {
    const { id } = await newDataset(t, owner);
    expect((await call('POST', `/datasets/${id}/rate`, undefined, { score: 3 })).statusCode).toBe(
      401,
    );
    const hidden = await newDataset(t, owner, { is_public: false });
    for (const url of [`/datasets/${hidden.id}/rate`, '/datasets/999999/rate']) {
      const res = await call('POST', url, ann, { score: 3 });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('DATASET_NOT_FOUND');
    }
    expect((await call('GET', `/datasets/${hidden.id}/rating`, ann)).statusCode).toBe(404);
    expect((await call('GET', `/datasets/${hidden.id}/rating`, owner)).statusCode).toBe(200);
  });

  it('raises the heat of a rated dataset', async () => {
    const { id, heat } = await newDataset(t, owner);
    await call('POST', `/datasets/${id}/rate`, ann, { score: 5 });
    expect((await datasetAs(t, id)).json().heat).toBeGreaterThan(heat);
  });
});
