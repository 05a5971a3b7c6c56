/** The JSON object a text holds (not an array), or null when it holds none or is not JSON. */

import { isRecord } from '../../contracts/narrowing.ts';
export function parseJsonObject(text: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return isRecord(value) ? value : null;
}
