import type { BlobStore } from '../blobs/store.ts';
import { TableValidationError } from './errors.ts';
import { ErrorCollector } from '../../lib/tables/table-errors.ts';
import { checkHeader, type CheckedHeader } from './header.ts';
import { TypeInference } from '../../lib/tables/type-inference.ts';
import { RowShaper, coerceRow } from '../../lib/tables/rows.ts';
import { RowSpool } from './spool.ts';
import type { AttributeType, Cell, StoredTable, TableHeader, TableLimits } from './types.ts';
import { INVALID, coerce } from '../../lib/tables/values.ts';
import { tooManyRows, writeTableFromRows } from './write.ts';
import { TableBlobWriter } from './writer.ts';

export type TableSource = {
  /** Column names, e.g. from `parseCsvStream`; checked like `validateTable` checks them. */
  attributes: unknown;
  /** Optional `{ column: type }`; the other columns are inferred. */
  attributeTypes?: unknown;
  /** Entries: lists in column order or objects keyed by column. */
  rows: AsyncIterable<unknown> | Iterable<unknown>;
};

/** Rows read before guessing the types, at most (and at most about this many characters). */
export const SAMPLE_ROWS = 1000;
const SAMPLE_CHARS = 8 * 1024 * 1024;

type Ingested = StoredTable & { header: TableHeader };

/**
 * Stores a streamed table (a large CSV or JSON Lines upload) with constant memory, with the same
 * result `validateTable` + `writeTable` give for the same content: types are inferred over all
 * rows. When every column's type is declared this is one pass. Otherwise the types are guessed
 * from the first SAMPLE_ROWS rows and the blob is written with them while inference goes on over
 * every row and the rows are spooled to a temporary file; if the final types differ from the
 * guess, the blob is written again from the spool. Throws TableValidationError.
 */
export async function ingestTable(
  blobs: BlobStore,
  source: TableSource,
  limits: TableLimits,
): Promise<Ingested> {
  const errors = new ErrorCollector();
  const checked = checkHeader(source.attributes, source.attributeTypes, limits, errors);
  if (!checked) throw new TableValidationError(errors.list());
  const { declared } = checked;
  if (declared.every((t) => t !== undefined)) {
    const header = headerOf(checked.attributes, declared);
    return { header, ...(await writeTableFromRows(blobs, header, source.rows, { limits })) };
  }
  const spool = new RowSpool(blobs.tempPath());
  try {
    return await new InferringIngest(blobs, checked, spool).run(source.rows, limits);
  } finally {
    await spool.remove();
  }
}

const headerOf = (attributes: string[], types: AttributeType[]): TableHeader => ({
  attributes,
  attributeTypes: Object.fromEntries(attributes.map((a, c) => [a, types[c] ?? 'string'])),
});

/** The values as `types`, or null if one does not fit. */
function coerceAll(values: readonly unknown[], types: readonly AttributeType[]): Cell[] | null {
  const cells = new Array<Cell>(types.length);
  for (let c = 0; c < types.length; c++) {
    const cell = coerce(values[c], types[c] ?? 'string');
    if (cell === INVALID) return null;
    cells[c] = cell;
  }
  return cells;
}

class InferringIngest {
  private readonly blobs: BlobStore;
  private readonly header: CheckedHeader;
  private readonly spool: RowSpool;
  private readonly errors = new ErrorCollector();
  private readonly inference: TypeInference;
  /** Declared types, `string` (which accepts any scalar) where undeclared: finds real type errors. */
  private readonly checkTypes: AttributeType[];
  private readonly anyDeclared: boolean;
  private guess: AttributeType[] = [];
  private writer: TableBlobWriter | null = null;

  constructor(blobs: BlobStore, header: CheckedHeader, spool: RowSpool) {
    this.blobs = blobs;
    this.header = header;
    this.spool = spool;
    this.inference = new TypeInference(header.declared);
    this.checkTypes = header.declared.map((t) => t ?? 'string');
    this.anyDeclared = header.declared.some((t) => t !== undefined);
  }

  async run(
    rows: AsyncIterable<unknown> | Iterable<unknown>,
    limits: TableLimits,
  ): Promise<Ingested> {
    const shaper = new RowShaper(this.header.attributes);
    let sample: { row: number; values: unknown[] }[] | null = [];
    let sampleChars = 0;
    let row = 0;
    try {
      for await (const entry of rows) {
        row += 1;
        if (row > limits.maxRows) throw tooManyRows(limits.maxRows);
        const values = shaper.shape(entry, row, this.errors);
        if (!values) continue;
        this.inference.observe(values);
        const spooled = this.errors.any ? undefined : this.spool.write(values);
        if (spooled) await spooled;
        if (sample) {
          sample.push({ row, values });
          for (const v of values) if (typeof v === 'string') sampleChars += v.length;
          if (sample.length < SAMPLE_ROWS && sampleChars < SAMPLE_CHARS) continue;
          await this.startGuessing(sample);
          sample = null;
        } else {
          const taken = this.take(values, row);
          if (taken) await taken;
        }
      }
      if (sample) await this.startGuessing(sample);
      if (this.errors.any) throw new TableValidationError(this.errors.list());
      const types = this.inference.types();
      const header = headerOf(this.header.attributes, types);
      if (this.writer && types.every((t, c) => t === this.guess[c])) {
        const stored = await this.writer.finish();
        this.writer = null;
        return { header, ...stored };
      }
      await this.dropGuess();
      return { header, ...(await writeTableFromRows(this.blobs, header, this.spool.rows())) };
    } finally {
      await this.dropGuess();
    }
  }

  private async startGuessing(sample: { row: number; values: unknown[] }[]): Promise<void> {
    this.guess = this.inference.types();
    this.writer = TableBlobWriter.open(this.blobs, headerOf(this.header.attributes, this.guess));
    for (const { row, values } of sample) {
      const taken = this.take(values, row);
      if (taken) await taken;
    }
  }

  /**
   * Writes a row with the guessed types, or reports its type errors, or gives up on the guess.
   * Returns a promise only when there is something to wait for.
   */
  private take(values: unknown[], row: number): Promise<void> | undefined {
    const cells = this.writer ? coerceAll(values, this.guess) : null;
    if (cells) return this.errors.any ? undefined : this.writer?.write(cells);
    if (!this.writer && !this.anyDeclared) return undefined;
    const before = this.errors.count;
    coerceRow(values, this.checkTypes, this.header.attributes, row, this.errors);
    // A value that only an undeclared column's guessed type rejects: the guess was wrong.
    return this.errors.count === before ? this.dropGuess() : undefined;
  }

  private async dropGuess(): Promise<void> {
    const writer = this.writer;
    this.writer = null;
    await writer?.abort();
  }
}
