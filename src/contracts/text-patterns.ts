/**
 * The text rules the server checks, written as OpenAPI `pattern`s (ECMA-262 without flags, with
 * explicit classes so other languages' regex engines read them alike) for the schemas to state:
 * a value generated to fit them is accepted. docs/architecture.md, "The OpenAPI document".
 */

/** C0 controls but tab, line feed and carriage return, and DEL: refused in any text (text-rules.ts). */
const FORBIDDEN = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F';
/** Every control character (`\p{Cc}`), refused in single-line text such as names. */
const CONTROLS = '\\u0000-\\u001F\\u007F-\\u009F';
/** Direction controls, refused in names and tags (lib/visible-text.ts). */
const DIRECTION = '\\u202A-\\u202E\\u2066-\\u2069';
/**
 * What String.prototype.trim takes off, and the invisible characters of the Basic Multilingual
 * Plane that do not count as showing something (lib/visible-text.ts, `isBlank`).
 */
const BLANK =
  '\\t\\n\\u000B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF' +
  '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F' +
  '\\u202A-\\u202E\\u2060-\\u206F\\u2800\\u3164\\uFE00-\\uFE0F\\uFFA0\\uFFF0-\\uFFF8';
const NOT_BLANK = `(?![${BLANK}]*$)`;

/** Any text without a forbidden character (what every text field and query parameter takes). */
export const TEXT_PATTERN = `^[^${FORBIDDEN}]*$`;

/** A name (dataset, nickname, saved query): shows something, no control or direction character. */
export const NAME_PATTERN = `^${NOT_BLANK}[^${CONTROLS}${DIRECTION}]*$`;

/** A token's name: shows something, no direction control (tab and line breaks inside are kept). */
export const TOKEN_NAME_PATTERN = `^${NOT_BLANK}[^${FORBIDDEN}${DIRECTION}]*$`;

/** A column name: shows something, no control character (docs/tables.md, "The rules"). */
export const COLUMN_NAME_PATTERN = `^${NOT_BLANK}[^\\u0000-\\u001F\\u007F]*$`;

/**
 * One tag: like a name, and no comma (`,`, the full-width `，`, nor `﹐` or `︐`, which become
 * commas when the tag is made plain).
 */
export const TAG_PATTERN = `^${NOT_BLANK}[^${CONTROLS}${DIRECTION},\\uFF0C\\uFE50\\uFE10]*$`;

/** Tags in a query: comma-separated, each as TAG_PATTERN but for the commas. */
export const TAGS_TEXT_PATTERN = `^[^${CONTROLS}${DIRECTION}\\uFE50\\uFE10]*$`;

/** LANGUAGE_PATTERN (limits.ts) in any case, as the server takes it. */
export const LANGUAGE_TEXT_PATTERN = '^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$';

const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const HOST = `(([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*|${OCTET}(\\.${OCTET}){3})`;

/**
 * An http(s) address without user name or password, of the shapes every URL parser reads alike:
 * a host name whose last label starts with a letter, or an IPv4 address; an optional port; then
 * printable ASCII.
 */
export const HTTP_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]?://${HOST}(:[0-9]{1,4})?([/?#][\\u0021-\\u007E]*)?$`;

/** A list cursor: base64url, as `next_cursor` gives it. */
export const CURSOR_PATTERN = '^[A-Za-z0-9_-]*$';

/** The e-mail addresses the server takes (zod's `z.email()`). */
export const EMAIL_PATTERN =
  "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$";
