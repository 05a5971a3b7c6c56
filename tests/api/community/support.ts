import type { Dataset } from '../../../src/contracts/datasets.ts';
import type { TestApp } from '../../support/app.ts';
import type { SignedUp } from '../../support/users.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls /api/v1`url` as `who` (a guest when omitted). */
export function caller(t: TestApp) {
  return (method: Method, url: string, who?: SignedUp, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who?.auth ?? {},
      ...(payload === undefined ? {} : { payload }),
    });
}

let counter = 0;

/** Creates a dataset through the API (a small three-row table); fails unless 201. */
export async function newDataset(
  t: TestApp,
  owner: SignedUp,
  fields: Record<string, unknown> = {},
): Promise<Dataset> {
  counter += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/datasets',
    headers: owner.auth,
    payload: {
      name: `Dataset ${counter}`,
      description: 'Rainfall by city',
      tags: ['weather', 'china'],
      language: 'en-US',
      attributes: ['city', 'rain_mm'],
      entries: [
        ['Beijing', 600 + counter],
        ['Shanghai', 1200],
        ['Guangzhou', 1800],
      ],
      ...fields,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<Dataset>();
}

/** Makes a dataset public or private through PUT /datasets/{id}. */
export async function setPublic(t: TestApp, owner: SignedUp, id: number, isPublic: boolean) {
  const res = await caller(t)('PUT', `/datasets/${id}`, owner, { is_public: isPublic });
  if (res.statusCode !== 200) throw new Error(`update failed: ${res.statusCode} ${res.body}`);
}

/** GET /datasets/{id} as `who`. */
export async function datasetAs(t: TestApp, id: number, who?: SignedUp) {
  return caller(t)('GET', `/datasets/${id}`, who);
}
