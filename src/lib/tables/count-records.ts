const NEWLINE = 0x0a;
const QUOTE = 0x22;
const RETURN = 0x0d;
const BLANK = new Set([NEWLINE, RETURN, 0x20, 0x09]);

/**
 * The records of a CSV/TSV (newlines inside quotes belong to their cell), blank ones left out,
 * read as a stream in one pass over the bytes. (A JSON Lines file's rows are counted by the pass
 * that checks them, `scanJsonLines`.)
 */
export async function countRecords(file: Blob): Promise<number> {
  let records = 0;
  let inQuotes = false;
  let content = false;
  // CSV records also end at a lone "\r", as the server reads them (csv-reader.ts).
  let afterCr = false;
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const byte of value) {
      if (byte === QUOTE) inQuotes = !inQuotes;
      const ends = !inQuotes && (byte === NEWLINE ? !afterCr : byte === RETURN);
      afterCr = !inQuotes && byte === RETURN;
      if (ends) {
        if (content) records++;
        content = false;
      } else if (!BLANK.has(byte)) content = true;
    }
  }
  return content ? records + 1 : records;
}
