/**
 * Request and answer schema pieces shared by every domain's declared calls
 * (types/api/contract.ts). `errorMessage` is the readable text a failed check
 * answers with, after the field's name (server/src/http.ts formats it).
 */
import * as T from 'typebox';

/** Largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647;

/** Latest time a client may name, in Unix seconds (the last second of year 9999): keeps times inside a bigint column and a Date. */
export const MAX_UNIX_TIME = 253_402_300_799;

/** A database id: a positive integer (digit strings are coerced in queries and bodies). */
export const Id = (o: T.TNumberOptions = {}) => T.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'must be a positive integer', ...o });

/** A non-negative integer at most `max` (offsets, pages, times). */
export const Count = (max = Number.MAX_SAFE_INTEGER, o: T.TNumberOptions = {}) =>
  T.Integer({ minimum: 0, maximum: max, errorMessage: max === Number.MAX_SAFE_INTEGER ? 'must be a non-negative integer' : `must be an integer from 0 to ${max}`, ...o });

/** A page number from 1. */
export const PageNo = (max = 100_000) => T.Integer({ minimum: 1, maximum: max, default: 1, errorMessage: `must be an integer from 1 to ${max}` });

/**
 * Control characters no text field takes: C0 except tab, line feed and carriage return,
 * DEL, and C1 (PostgreSQL cannot store U+0000 at all; the others only garble logs and
 * screens). One-line fields refuse tab, line feed and carriage return as well. A field
 * refused for them answers `<field> must not contain control characters` (server/src/http.ts).
 */
export const CONTROL_CHARS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
export const LINE_CONTROL_CHARS = '\\u0000-\\u001F\\u007F-\\u009F';
/** The same as RegExps (for text no schema checks: open JSON, form fields). */
export const CONTROL_CHAR_RE = new RegExp(`[${CONTROL_CHARS}]`);
export const LINE_CONTROL_CHAR_RE = new RegExp(`[${LINE_CONTROL_CHARS}]`);

/** Free text of at most `max` characters (descriptions: line breaks and tabs allowed, other control characters not). */
export const Text = (max: number, o: T.TStringOptions = {}) =>
  T.String({ maxLength: max, pattern: `^[^${CONTROL_CHARS}]*$`, errorMessage: `must be text of at most ${max} characters`, ...o });

/** One line of text of at most `max` characters (names, tags, file names, paths, codes): no control characters at all. */
export const Line = (max: number, o: T.TStringOptions = {}) =>
  T.String({ maxLength: max, pattern: `^[^${LINE_CONTROL_CHARS}]*$`, errorMessage: `must be text of at most ${max} characters`, ...o });

/** One line that must hold a visible character (after the client trimmed it), at most `max` characters. */
export const Required = (max: number, o: T.TStringOptions = {}) =>
  T.String({
    minLength: 1,
    maxLength: max,
    pattern: `^[^${LINE_CONTROL_CHARS}]*[^\\s${LINE_CONTROL_CHARS}][^${LINE_CONTROL_CHARS}]*$`,
    errorMessage: `must be non-empty text of at most ${max} characters`,
    ...o
  });

/** A gallery link id (spec: 6 to 9 letters or digits). */
export const LINK_ID_PATTERN = '^[A-Za-z0-9]{6,9}$';
export const LinkId = () => T.String({ pattern: LINK_ID_PATTERN, errorMessage: 'must be 6 to 9 letters or digits' });

/** A 0/1 flag, as numbers or '0'/'1' in queries. */
export const Flag = () => T.Union([T.Literal(0), T.Literal(1)], { errorMessage: 'must be 0 or 1' });

/** A positive integer up to MAX_ID, written in digits (a regular expression's source). */
export const ID_DIGITS =
  '(?:[1-9]\\d{0,8}|1\\d{9}|20\\d{8}|21[0-3]\\d{7}|214[0-6]\\d{6}|2147[0-3]\\d{5}|21474[0-7]\\d{4}|214748[0-2]\\d{3}|2147483[0-5]\\d{2}|21474836[0-3]\\d|214748364[0-7])';

/** `1,2,3`: 1 to `max` ids in a query string (split with splitIds). */
export const IdCsv = (max: number) =>
  T.String({ pattern: `^\\s*${ID_DIGITS}\\s*(,\\s*${ID_DIGITS}\\s*){0,${max - 1}}$`, errorMessage: `must be a comma-separated list of at most ${max} ids` });

/** The ids of an IdCsv value, in order, without repeats; ids out of range are refused by the caller's schema. */
export function splitIds(csv: string): number[] {
  const out: number[] = [];
  for (const part of csv.split(',')) {
    const n = Number(part.trim());
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** A list of ids in a JSON body: at least `min`, at most `max`. */
export const IdList = (max: number, min = 1) =>
  T.Array(Id(), { minItems: min, maxItems: max, errorMessage: min > 0 ? `must be a list of 1 to ${max} ids` : `must be a list of at most ${max} ids` });

/** `string | null` as one JSON Schema type (fast to serialise, unlike anyOf). */
export const NullableString = (o: T.TSchemaOptions = {}) => T.Unsafe<string | null>({ type: ['string', 'null'], ...o });
export const NullableInteger = (o: T.TSchemaOptions = {}) => T.Unsafe<number | null>({ type: ['integer', 'null'], ...o });

/** Open JSON (organiser-configured page data, provider answers): passed through as it is. */
export const AnyJson = () => T.Unsafe<unknown>({});
/** An object with open keys, serialised as it is. */
export const OpenObject = <V = unknown>() => T.Unsafe<Record<string, V>>({ type: 'object', additionalProperties: true });

/** No request fields. */
export const Empty = () => T.Object({});

/** A streamed multipart/form-data upload (its parts are read and checked as they arrive). */
export const MultipartHeaders = () =>
  T.Object({ 'content-type': T.String({ pattern: '^multipart/form-data', errorMessage: 'must be multipart/form-data' }) });
