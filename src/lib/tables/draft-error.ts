/** Why a table could not be read; `key` names the message (datasets:table.error.*). */
export class DraftError extends Error {
  override name = 'DraftError';
  readonly key:
    | 'csvEmpty'
    | 'csvQuotes'
    | 'jsonSyntax'
    | 'jsonSyntaxAt'
    | 'jsonLineSyntax'
    | 'jsonShape'
    | 'jsonRepeatedKey'
    | 'fileType'
    | 'typesFile'
    | 'typesOnly'
    | 'columnsFile'
    | 'columnsOnly'
    | 'encoding';
  readonly row: number | null;
  constructor(key: DraftError['key'], row: number | null = null, detail = '') {
    super(detail || key);
    this.key = key;
    this.row = row;
  }
}
