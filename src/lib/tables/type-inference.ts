import { INFERABLE, isBlank } from './values.ts';
import type { AttributeType } from './infer.ts';

const ALL = (1 << INFERABLE.length) - 1;

/**
 * Infers the type of every undeclared column from all its values, one row at a time (so it works on
 * a stream): a column gets the first type of integer → number → boolean → date → datetime that
 * fits every non-blank value, else `string`. A column without any value is `string`. The server
 * infers a table's types with it, and the upload form a large file's over all its rows
 * (`later-rows.ts`).
 */
export class TypeInference {
  private readonly declared: (AttributeType | undefined)[];
  /** Per column, one bit per INFERABLE type still possible; 0 once only `string` is left. */
  private readonly candidates: number[];
  private readonly seen: boolean[];

  constructor(declared: (AttributeType | undefined)[]) {
    this.declared = declared;
    this.candidates = declared.map((t) => (t === undefined ? ALL : 0));
    this.seen = declared.map(() => false);
  }

  observe(row: readonly unknown[]): void {
    for (let c = 0; c < this.candidates.length; c++) {
      let mask = this.candidates[c] ?? 0;
      if (mask === 0) continue;
      const value = row[c];
      if (isBlank(value)) continue;
      this.seen[c] = true;
      for (let t = 0; t < INFERABLE.length; t++) {
        const bit = 1 << t;
        if (!(mask & bit)) continue;
        const candidate = INFERABLE[t];
        if (!candidate?.fits(value)) mask &= ~bit;
        else if (candidate.impliesNext(value)) t += 1;
      }
      this.candidates[c] = mask;
    }
  }

  /** Declared types where given, inferred ones elsewhere, in column order. */
  types(): AttributeType[] {
    return this.declared.map((declared, c) => {
      if (declared !== undefined) return declared;
      if (!this.seen[c]) return 'string';
      const mask = this.candidates[c] ?? 0;
      return INFERABLE.find((_, t) => (mask & (1 << t)) !== 0)?.type ?? 'string';
    });
  }
}

/** The type of every column, inferred over `rows` (each a list of values in column order). */
export function inferTypes(columns: number, rows: Iterable<readonly unknown[]>): AttributeType[] {
  const inference = new TypeInference(new Array<undefined>(columns).fill(undefined));
  for (const row of rows) inference.observe(row);
  return inference.types();
}
