/**
 * What `typebox` is in the app's bundles (the Taro build and the component tests
 * alias it here). The app only reads a declared call's method and path; the
 * schemas are for the server, which validates and serialises with the real
 * TypeBox. The real library would add validation code the app never runs, and it
 * needs `TextEncoder` at load, which the mini-program's JavaScript engine lacks.
 * Types still come from the real package, so declarations are checked in full.
 * tests/unit/contracts-bare.test.ts loads every contract with this module in a bare
 * engine, so a builder missing here fails a test.
 */
const schema = (...args: unknown[]): Record<string, unknown> => {
  const last = args[args.length - 1];
  return last && typeof last === 'object' && !Array.isArray(last) ? { ...(last as Record<string, unknown>) } : {};
};

export {
  schema as Any,
  schema as Array,
  schema as Boolean,
  schema as Enum,
  schema as Integer,
  schema as Intersect,
  schema as Literal,
  schema as Null,
  schema as Number,
  schema as Object,
  schema as Optional,
  schema as Partial,
  schema as Record,
  schema as String,
  schema as Union,
  schema as Unknown,
  schema as Unsafe
};
