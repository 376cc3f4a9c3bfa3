/**
 * What `typebox` is in the app's bundles (the Taro build and the component tests
 * alias it here). The app reads a declared call's method and path, and the page
 * definitions' defaults (types/page: `default` of each property). The real library
 * would add validation code the app never runs, and it needs `TextEncoder` at load,
 * which the mini-program's JavaScript engine lacks. So each builder returns the same
 * plain JSON Schema the real one does (type, properties, required, items, anyOf,
 * const, default, …), without the validator. Types still come from the real package,
 * so declarations are checked in full. tests/unit/contracts-bare.test.ts loads every
 * contract and page definition with this module in a bare engine, so a builder missing
 * here fails a test.
 */
type Schema = Record<string, unknown>;
type Options = Schema | undefined;

const OPTIONAL = '~optional';
const opts = (o: Options): Schema => (o && typeof o === 'object' ? o : {});
const isSchema = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

const scalar = (type: string) => (o?: Options): Schema => ({ type, ...opts(o) });

function Object_(properties: Record<string, Schema> = {}, o?: Options): Schema {
  const required = Object.keys(properties).filter((k) => !(isSchema(properties[k]) && properties[k][OPTIONAL]));
  return { type: 'object', properties, ...(required.length ? { required } : {}), ...opts(o) };
}
const Optional = (s: Schema): Schema => ({ ...s, [OPTIONAL]: true });
const Array_ = (items: Schema, o?: Options): Schema => ({ type: 'array', items, ...opts(o) });
const Literal = (value: unknown, o?: Options): Schema => ({ const: value, ...opts(o) });
const Union = (anyOf: Schema[], o?: Options): Schema => ({ anyOf, ...opts(o) });
const Intersect = (allOf: Schema[], o?: Options): Schema => ({ allOf, ...opts(o) });
const Enum = (values: unknown, o?: Options): Schema => ({ enum: Array.isArray(values) ? values : Object.values(opts(values as Options)), ...opts(o) });
const Record_ = (_key: Schema, value: Schema, o?: Options): Schema => ({ type: 'object', additionalProperties: value, ...opts(o) });
const Partial = (s: Schema): Schema => {
  const { required: _required, ...rest } = s;
  return rest;
};
const open = (o?: Options): Schema => ({ ...opts(o) });
const Boolean_ = scalar('boolean');
const Integer = scalar('integer');
const Null = scalar('null');
const Number_ = scalar('number');
const String_ = scalar('string');

export {
  open as Any,
  Array_ as Array,
  Boolean_ as Boolean,
  Enum,
  Integer,
  Intersect,
  Literal,
  Null,
  Number_ as Number,
  Object_ as Object,
  Optional,
  Partial,
  Record_ as Record,
  String_ as String,
  Union,
  open as Unknown,
  open as Unsafe
};
