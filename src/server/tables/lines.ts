import { Readable } from 'node:stream';
import { forbiddenCharacter } from '../../lib/text-rules.ts';
import { TableValidationError } from './errors.ts';
import { tableError } from '../../lib/tables/table-errors.ts';
import { LineReader } from '../../lib/tables/line-reader.ts';
import { NOT_UTF8_MESSAGE, forbiddenCharacterMessage } from '../../lib/tables/row-messages.ts';

/**
 * An upload's chunks, read without destroying the stream when reading stops early (a limit or an
 * error): the caller owns the stream, and an HTTP request that is destroyed takes its socket with
 * it, so the 400 or 413 could never be sent. Node's server discards the unread rest of a request
 * once the response is finished.
 */
export function keepOpen(
  input: AsyncIterable<Uint8Array | string>,
): AsyncIterable<Uint8Array | string> {
  return input instanceof Readable
    ? { [Symbol.asyncIterator]: () => input.iterator({ destroyOnReturn: false }) }
    : input;
}

/** UTF-8 text from a byte stream; fails on bytes that are not UTF-8 or past `maxBytes`. A BOM is dropped. */
export async function* decodeUtf8(
  source: AsyncIterable<Uint8Array | string>,
  maxBytes = Infinity,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const sniff = new Utf16Sniffer();
  let bytes = 0;
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw notUtf8();
    }
  };
  for await (const chunk of source) {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    sniff.look(data);
    bytes += data.byteLength;
    if (bytes > maxBytes) {
      throw uploadTooLarge(maxBytes);
    }
    const text = decode(data);
    const character = forbiddenCharacter(text);
    if (character) throw sniff.refusal(character);
    if (text !== '') yield text;
  }
  const rest = decode();
  const last = forbiddenCharacter(rest);
  if (last) throw sniff.refusal(last);
  if (rest !== '') yield rest;
}

const notUtf8 = () =>
  new TableValidationError([tableError(null, null, 'INVALID_ENCODING', NOT_UTF8_MESSAGE)]);

/** Bytes looked at to recognise UTF-16 or UTF-32 text without a byte order mark. */
const SNIFF_BYTES = 512;

/**
 * Recognises text saved as UTF-16 (or UTF-32) without a byte order mark: Latin letters, digits
 * and punctuation come out with a zero byte beside each, which is valid UTF-8 (U+0000) but never
 * text. When U+0000 turns up and a quarter of the first bytes were zero, the file is in another
 * encoding, not a table with a stray character.
 */
class Utf16Sniffer {
  private seen = 0;
  private zeros = 0;

  look(data: Uint8Array): void {
    const end = Math.min(data.byteLength, SNIFF_BYTES - this.seen);
    for (let i = 0; i < end; i++) if (data[i] === 0) this.zeros++;
    this.seen += end;
  }

  refusal(character: string): TableValidationError {
    return character === 'U+0000' && this.zeros * 4 >= this.seen
      ? notUtf8()
      : forbiddenInUpload(character);
  }
}

/**
 * The lines of a text stream (without "\n" or "\r\n"), a batch per chunk of text; a line longer
 * than `maxLine` characters, wherever the chunks cut it, fails the read (`LineReader`'s rule,
 * the upload form's too).
 */
export async function* lineBatches(
  text: AsyncIterable<string>,
  maxLine = Infinity,
): AsyncGenerator<string[]> {
  const reader = new LineReader(maxLine);
  for await (const chunk of text) {
    const lines = reader.feed(chunk);
    if (lines.length > 0) yield lines;
    if (reader.tooLong) throw new TableValidationError([reader.refusal()]);
  }
  const last = reader.finish();
  if (last !== null) yield [last];
}

/** A streamed upload past `maxBytes` (also for a declared Content-Length over it). */
export function uploadTooLarge(maxBytes: number): TableValidationError {
  return new TableValidationError([
    tableError(
      null,
      null,
      'UPLOAD_TOO_LARGE',
      `The upload is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB`,
    ),
  ]);
}

/**
 * An upload with a control character (or U+0000) in its text: refused like a bad cell. `row` is
 * known when the character came from a JSON escape (`\u0000`) inside that row.
 */
export function forbiddenInUpload(
  character: string,
  row: number | null = null,
): TableValidationError {
  return new TableValidationError([
    tableError(row, null, 'INVALID_CHARACTERS', forbiddenCharacterMessage(character)),
  ]);
}
