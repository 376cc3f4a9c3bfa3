/**
 * Inputs of the route fuzz test (fuzz-routes.test.ts): every declared call of
 * types/api, and fast-check arbitraries derived from a call's request schemas.
 * Plausible values (so a request gets past the schema into the service) are mixed
 * with bad ones: wrong types, overflowing and negative numbers, NaN text, lists for
 * scalars, control characters, very long text, malformed percent-encoding.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { ApiCall } from '../../types/api/contract';

/** Every declared call exported (directly or nested) by a module of types/api, once per method and path. */
export function declaredCalls(): ApiCall[] {
  const dir = path.join(__dirname, '../../types/api');
  const found = new Map<string, ApiCall>();
  const visit = (v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 3) return;
    const c = v as Partial<ApiCall>;
    if (typeof c.method === 'string' && typeof c.path === 'string' && c.schema && typeof c.schema === 'object') {
      found.set(`${c.method} ${c.path}`, c as ApiCall);
      return;
    }
    for (const x of Object.values(v)) visit(x, depth + 1);
  };
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith('.ts') || file === 'typebox-client.ts') continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    visit(require(path.join(dir, file)), 0);
  }
  return [...found.values()];
}

/** The JSON Schema keywords the contracts use. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
}

/** Field name → plausible values the fixture knows (real ids, keys, URLs), preferred over the schema's. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

const MAX_INT = 2 ** 31 - 1;

/** Values that (mostly) fit the schema. */
export function plausible(s: Schema): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf) return fc.oneof(...s.anyOf.map((b) => plausible(b)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -MAX_INT), max: Math.min(s.maximum ?? MAX_INT, MAX_INT) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      const max = Math.min(s.maxLength ?? 40, 40);
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= (s.maxLength ?? Infinity) && x.length >= (s.minLength ?? 0));
      return fc.string({ minLength: Math.min(s.minLength ?? 0, max), maxLength: max });
    }
    case 'array':
      return fc.array(s.items ? plausible(s.items) : fc.jsonValue({ maxDepth: 1 }), { minLength: s.minItems ?? 0, maxLength: Math.max(Math.min(s.maxItems ?? 5, 5), s.minItems ?? 0) });
    case 'object':
      // An object the schema leaves open (a form's json_data, a page's data) takes any JSON: deep, large or odd.
      return s.properties ? objectOf(s, {}, 'good') : openJson();
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/**
 * How bad a request part is: every field plausible, exactly one field bad (so the
 * others get the request past validation into the service), or each field at random.
 */
export type Badness = 'good' | 'one' | 'mixed';

/** A field's plausible values: the fixture's hint first, else the schema's. */
const goodOf = (name: string, field: Schema, hints: Hints) => (hints[name] ? fc.oneof(hints[name], plausible(field)) : plausible(field));

/** Fields of an object schema, each absent, plausible or bad by `badness`; `bad(good)` makes a bad value from the field's good ones. */
function fieldsOf<V>(s: Schema | undefined, hints: Hints, badness: Badness, value: (good: fc.Arbitrary<unknown>, bad: boolean) => fc.Arbitrary<V>): fc.Arbitrary<Array<[string, V | undefined]>> {
  const names = Object.keys(s?.properties ?? {});
  if (!names.length) return fc.constant([]);
  const field = (name: string, mode: 'good' | 'bad' | 'any') => {
    const good = goodOf(name, s!.properties![name], hints);
    const required = s!.required?.includes(name) ?? false;
    const ok = required ? value(good, false) : fc.option(value(good, false), { nil: undefined, freq: 3 });
    if (mode === 'good') return ok;
    if (mode === 'bad') return value(good, true);
    return fc.oneof({ weight: 3, arbitrary: ok }, { weight: 2, arbitrary: value(good, true) }, { weight: 1, arbitrary: fc.constant(undefined) });
  };
  const build = (modes: Array<'good' | 'bad' | 'any'>) => fc.tuple(...names.map((n, i) => field(n, modes[i]))).map((vs) => names.map((n, i) => [n, vs[i]] as [string, V | undefined]));
  if (badness === 'good') return build(names.map(() => 'good'));
  if (badness === 'mixed') return build(names.map(() => 'any'));
  return fc.nat({ max: names.length - 1 }).chain((bad) => build(names.map((_, i) => (i === bad ? 'bad' : 'good'))));
}

/** A JSON object for an object schema. */
export function objectOf(s: Schema, hints: Hints, badness: Badness): fc.Arbitrary<Record<string, unknown>> {
  return fieldsOf(s, hints, badness, (good, bad) => (bad ? badJson(good) : good)).map((entries) => Object.fromEntries(entries.filter(([, v]) => v !== undefined)));
}

/** A query string for the schema: a field absent, one value, repeated (a list where a scalar is declared), or `f[]=`. */
export function queryOf(s: Schema | undefined, hints: Hints, badness: Badness): fc.Arbitrary<string> {
  const fields = fieldsOf(s, hints, badness, (good, bad) => {
    const value = bad ? badUrlValue(good) : good.map(urlText);
    if (!bad) return value.map((v) => [v]);
    return fc.oneof(value.map((v) => [v]), fc.tuple(good.map(urlText), value).map(([a, b]) => [a, b]), fc.tuple(value, value).map(([a, b]) => [a, b]));
  });
  const junk = fc.oneof({ weight: 5, arbitrary: fc.constant([] as string[]) }, { weight: 1, arbitrary: fc.constantFrom(['%=1'], ['=x'], ['&&'], ['a=%'], ['__proto__=1'], ['x'.repeat(3000) + '=1']) });
  return fc.tuple(fields, badness === 'good' ? fc.constant([] as string[]) : junk, fc.boolean()).map(([entries, extra, reverse]) => {
    const list = entries.flatMap(([name, values]) => (values ?? []).map((v) => `${name}=${v}`)).concat(extra);
    if (reverse) list.reverse();
    return list.join('&');
  });
}

// ---- Bad values ---------------------------------------------------------------

const NUMBER_TEXT = ['2147483648', '9999999999', '99999999999999999999999', '1e308', '-1', '-2147483649', '0', '1e3', '1.5', 'NaN', 'Infinity', '-0', '0x10', ' 1', '+1', '00001', '9007199254740993'];
const CONTROL_TEXT = ['\u0000', 'a\u0000b', '\u0001\u001f', '\u007f', '\u0085', '\u001b[31m', '\r\n', '\t', '\u2028', '\ufeff', '\ud800', 'x\udfff'];
const ODD_TEXT = ['', ' ', 'a'.repeat(5000), "' OR 1=1 --", '../../etc/passwd', '<script>', '💥', '__proto__', 'constructor', 'null', 'true', '[]', '{}', '%', '%25', 'a,b', '1,,2'];

/** Bad text (decoded). */
export const badText = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NUMBER_TEXT, ...CONTROL_TEXT, ...ODD_TEXT) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 5 }) }
  );

/** A good string with a control character or a lone surrogate in it, a good scalar as a list. */
const spoiled = (good: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.tuple(good, fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\ud800', '\n'), fc.nat()).map(([v, c, at]) => {
    if (typeof v !== 'string') return [v, v];
    const i = v.length ? at % (v.length + 1) : 0;
    return v.slice(0, i) + c + v.slice(i);
  });

// ---- Open JSON: deep, large and odd values for fields that take any JSON -------

/**
 * A value nested `depth` levels deep (lists, objects, or both in turn), far deeper than any stack
 * allows a recursive walk over: it stands in the value as a marker string that jsonText() expands
 * into the nested text (JSON.stringify itself would overflow on it).
 */
export const deepMarker = (kind: 'list' | 'object' | 'mixed', depth: number) => `\u0000deep:${kind}:${depth}`;
const DEEP_MARKER_JSON = /"\\u0000deep:(list|object|mixed):(\d+)"/g;

/** The text of a value nested `depth` levels deep, built without recursion. */
export function deepText(kind: 'list' | 'object' | 'mixed', depth: number): string {
  const open: string[] = [];
  const close: string[] = [];
  for (let i = 0; i < depth; i++) {
    const list = kind === 'list' || (kind === 'mixed' && i % 2 === 0);
    open.push(list ? '[' : '{"a":');
    close.push(list ? ']' : '}');
  }
  return `${open.join('')}${kind === 'list' ? '' : '1'}${close.reverse().join('')}`;
}

/** JSON text of a generated value, with every deep marker expanded. */
export function jsonText(v: unknown): string {
  return (JSON.stringify(v) ?? 'null').replace(DEEP_MARKER_JSON, (_, kind: 'list' | 'object' | 'mixed', depth: string) => deepText(kind, Number(depth)));
}

/** A value nested by a generated path of lists and objects (at most a few hundred levels: still a plain value). */
const chain = (): fc.Arbitrary<unknown> =>
  fc.tuple(fc.array(fc.tuple(fc.boolean(), fc.string({ maxLength: 4 })), { minLength: 20, maxLength: 300 }), fc.jsonValue({ maxDepth: 1 })).map(([path, leaf]) => {
    let v: unknown = leaf;
    for (let i = path.length - 1; i >= 0; i--) v = path[i][0] ? [v] : { [path[i][1]]: v };
    return v;
  });

/** Branching JSON of random shape (fc.letrec), a few levels deep, with odd keys and values at every level. */
const tree = (): fc.Arbitrary<unknown> =>
  fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'medium', maxDepth: 12, withCrossShrink: true },
      fc.jsonValue({ maxDepth: 0 }),
      fc.constantFrom<unknown>('\u0000', '\ud800', '__proto__', -0, 1e308, 2 ** 53 + 1, '', 'x'.repeat(3000)),
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'components', 'props', 'type', 'id', '')), tie('node'), { maxKeys: 4 })
    )
  })).node;

/** Large JSON: long strings and wide lists around the size limits (64 KB form data, 256 KB pages, the 1 MB body). */
const large = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(70_000, 300_000, 1_100_000).map((n) => ({ text: 'x'.repeat(n) })),
    fc.constantFrom(10_000, 120_000).map((n) => Array<number>(n).fill(0)),
    fc.integer({ min: 1_000, max: 20_000 }).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])))
  );

/** Any JSON object for an open field: ordinary values, odd shapes, deep chains, nesting past every limit, large values. */
export function openJson(): fc.Arbitrary<unknown> {
  const deep = fc.tuple(fc.constantFrom<'list' | 'object' | 'mixed'>('list', 'object', 'mixed'), fc.constantFrom(63, 64, 65, 1_000, 100_000)).map(([k, d]) => deepMarker(k, d));
  const wrap = (v: fc.Arbitrary<unknown>) => fc.tuple(fc.string({ maxLength: 6 }), v).map(([k, x]) => ({ [k]: x }));
  return fc.oneof(
    { weight: 3, arbitrary: fc.object({ maxDepth: 3 }) },
    { weight: 2, arbitrary: wrap(tree()) },
    { weight: 2, arbitrary: wrap(chain()) },
    { weight: 2, arbitrary: wrap(deep) },
    { weight: 1, arbitrary: wrap(large()) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) }
  );
}

/** Bad JSON values of any type (`good`: the field's plausible values, spoiled). */
export const badJson = (good: fc.Arbitrary<unknown> = fc.constant('')): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 2, arbitrary: spoiled(good) },
    { weight: 3, arbitrary: fc.constantFrom<unknown>(-1, 0, 1.5, 2 ** 31, 2 ** 53 + 2, 1e20, 1e308, -1e308, Number.MIN_VALUE, true, false, null, [], {}, [1, 2], ['a', 'b'], [[1]], { a: 1 }) },
    { weight: 3, arbitrary: badText() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: openJson() }
  );

/** Percent-encoding by UTF-8 bytes (a lone surrogate becomes U+FFFD instead of throwing). */
export function enc(text: string): string {
  let out = '';
  for (const b of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Already-encoded URL text that is malformed or decodes to something awkward. */
const RAW_URL_TEXT = ['%', '%%', '%zz', '%E0%A4%A', '%C0%80', '%ED%A0%80', '%FF%FE', '%00', '%1F', '%F4%90%80%80', '%2F', '%3F', '%23', '%26', '%3D', '..%2F..%2F', '%252e', '+', '%20'];

/** A plausible value as URL text. */
export const urlText = (v: unknown): string => enc(typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A bad path or query value as sent (encoded): bad text, malformed encoding, or a plausible one spoiled. */
export function badUrlValue(good: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: badText().map(enc) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_URL_TEXT) },
    { weight: 1, arbitrary: spoiled(good).map(urlText) },
    { weight: 1, arbitrary: fc.tuple(good.map(urlText), fc.constantFrom(...RAW_URL_TEXT)).map(([a, b]) => a + b) }
  );
}

/** Path parameters (`names`, `*` for a wildcard) as encoded text, each plausible or bad by `badness`. */
export function paramsOf(template: string, s: Schema | undefined, hints: Hints, badness: Badness): fc.Arbitrary<Record<string, string>> {
  const names = [...template.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)|\*$/g)].map((m) => m[1] ?? '*');
  const schema: Schema = { type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, s?.properties?.[n] ?? { type: 'string' }])) };
  return fieldsOf(schema, hints, badness, (good, bad) => (bad ? badUrlValue(good) : good.map(urlText))).map((entries) =>
    Object.fromEntries(entries.map(([n, v]) => [n, v ?? '']))
  );
}

// ---- The sweep: every field in turn --------------------------------------------

/** What each field gets in turn: a control character, a number past every column, two values. */
const SWEEP = ['a\u0000b', 1e20, 'twice'] as const;
const sampleOne = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { numRuns: 1, seed: 11 })[0];
/** One plausible value of a field, the fixture's hint when it has one. */
const goodValue = (name: string, field: Schema, hints: Hints) => sampleOne(hints[name] ?? plausible(field));

/** The path with plausible parameters (the fixture's hints first). */
export function sweepPath(template: string, s: Schema | undefined, hints: Hints): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)|\*$/g, (_, name?: string) => urlText(goodValue(name ?? '*', s?.properties?.[name ?? '*'] ?? { type: 'string' }, hints)));
}

/** Query strings: plausible values, except one field at a time swept. */
export function sweepQueries(s: Schema | undefined, hints: Hints): string[] {
  const names = Object.keys(s?.properties ?? {});
  const good = Object.fromEntries(names.map((n) => [n, urlText(goodValue(n, s!.properties![n], hints))]));
  return names.flatMap((name) =>
    SWEEP.map((bad) => {
      const value = bad === 'twice' ? [good[name], good[name]] : [enc(String(bad))];
      return names.flatMap((n) => (n === name ? value : [good[n]]).map((v) => `${n}=${v}`)).join('&');
    })
  );
}

/** JSON bodies: plausible values, except one field at a time swept. */
export function sweepBodies(s: Schema | undefined, hints: Hints): Array<Record<string, unknown>> {
  const names = Object.keys(s?.properties ?? {});
  const good = Object.fromEntries(names.map((n) => [n, goodValue(n, s!.properties![n], hints)]));
  return names.flatMap((name) => SWEEP.map((bad) => ({ ...good, [name]: bad === 'twice' ? [good[name], good[name]] : bad })));
}

/** A path with its `:param` segments (and a trailing `*`) filled by the given encoded values. */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)|\*$/g, (whole, name?: string) => values[name ?? '*'] ?? whole);
}

/** Whole bodies that are not the JSON the call expects: broken JSON, odd top-level values, deep nesting. */
export const RAW_BODIES = [
  '{',
  '{"a":',
  'nul',
  '[',
  '"\\u0000"',
  '{"id":1e999}',
  '{"id":99999999999999999999999999}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  '\u0000',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":1,"a":2}',
  'null',
  '[]',
  '"text"',
  '12',
  ''
];

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16le',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/xml',
  ';;;',
  'application/json;;charset=',
  undefined
];
