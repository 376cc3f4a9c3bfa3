/**
 * Building blocks of the page-component definitions (one file per type in
 * types/page/). A definition is one TypeBox schema: the props' types (`T.Static`),
 * their defaults (each property's `default`) and their validation (the server checks
 * every page an organiser saves against it: types/page/validate.ts). Limits live in
 * the schema (`maxLength`, `maxItems`, `maximum`).
 *
 * The app bundles a stand-in for `typebox` (types/api/typebox-client.ts) that builds
 * the same plain schemas without the validator, so `defaultsOf` works on both sides.
 */
import * as T from 'typebox';
import { CONTROL_CHARS, LINE_CONTROL_CHARS, LINK_ID_PATTERN, MAX_ID } from '../api/schema';

/** Lists of components inside a component's props (`at`: their path from the props). */
export type NestedLists = (props: Record<string, unknown>) => Array<{ at: string; components: unknown }>;

/** One definition: the type's name and the schema of its props. */
export interface ComponentDefinition<S extends T.TObject = T.TObject> {
  type: string;
  schema: S;
  /** Every property's `default`: what a renderer gets for props the organiser left out. */
  defaults: T.Static<S>;
  /** Types that hold components (collapse, empty) name those lists; the page check descends into them. */
  nested?: NestedLists;
  /** Rules past the schema that depend on the server's settings (code: its allow-listed hosts); `at` is from the props. */
  check?: (props: Record<string, unknown>, opts: PageCheckOptions) => Array<{ at: string; message: string }>;
}

/** Server settings the page check applies (types/page/validate.ts checkPageData). */
export interface PageCheckOptions {
  /** Hosts whose scripts and styles a `code` component may load (`cdn.example.com`, `*.example.com`); none: no code. */
  codeHosts?: readonly string[];
}

/** A copy of a JSON value (defaults are handed out, never shared). */
const copy = <V>(v: V): V => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as V));

/** The `default` of each property of an object schema. */
export function defaultsOf<S extends T.TObject>(schema: S): T.Static<S> {
  const out: Record<string, unknown> = {};
  const props = (schema as unknown as { properties?: Record<string, { default?: unknown }> }).properties ?? {};
  for (const [key, prop] of Object.entries(props)) if (prop && 'default' in prop) out[key] = copy(prop.default);
  return out as T.Static<S>;
}

export function defineComponent<S extends T.TObject>(type: string, schema: S, nested?: NestedLists): ComponentDefinition<S> {
  return nested ? { type, schema, defaults: defaultsOf(schema), nested } : { type, schema, defaults: defaultsOf(schema) };
}

/** Props objects name only their own fields: anything else is refused as an unknown field. */
export const Props = <P extends T.TProperties>(properties: P) => T.Object(properties, { additionalProperties: false });

/** One line of text (titles, labels): at most `max` characters, no control characters. */
export const Line = (max: number, o: T.TStringOptions = {}) =>
  T.String({ maxLength: max, pattern: `^[^${LINE_CONTROL_CHARS}]*$`, errorMessage: 'must not contain control characters', ...o });

/** Free text (line breaks allowed): at most `max` characters. */
export const Text = (max: number, o: T.TStringOptions = {}) =>
  T.String({ maxLength: max, pattern: `^[^${CONTROL_CHARS}]*$`, errorMessage: 'must not contain control characters', ...o });

/** A stored image: its content hash (64 hex digits, as the image routes serve it). */
export const ImageHash = (o: T.TStringOptions = {}) =>
  T.String({ pattern: '^[0-9a-f]{64}$', errorMessage: 'must be the content hash of a stored image (64 hex digits)', ...o });

/** A gallery link id (6 to 9 letters or digits). */
export const LinkIdField = (o: T.TStringOptions = {}) => T.String({ pattern: LINK_ID_PATTERN, errorMessage: 'must be a link id (6 to 9 letters or digits)', ...o });

/** An address a visitor may be sent to: http(s) or a path on this site. No javascript:, data: or other schemes. */
export const URL_PATTERN = '^(https?://[^\\s/?#]+|/)[^\\s]*$';
export const Url = (o: T.TStringOptions = {}) =>
  T.String({ maxLength: 2000, pattern: URL_PATTERN, errorMessage: 'must be an http(s) address or a path starting with /', ...o });

/** A CSS colour an organiser may configure: hex, rgb()/rgba(), or a plain name (as the H5 skeleton writes them). */
export const COLOR_PATTERN = '^(#[0-9a-fA-F]{3,8}|rgba?\\(\\s*[\\d.]+%?\\s*,\\s*[\\d.]+%?\\s*,\\s*[\\d.]+%?\\s*(,\\s*[\\d.]+%?\\s*)?\\)|[a-zA-Z]{3,20})$';
export const Color = (o: T.TStringOptions = {}) =>
  T.String({ maxLength: 64, pattern: COLOR_PATTERN, errorMessage: 'must be a colour: #rgb, #rrggbb, rgb(), rgba() or a name', ...o });

/** A gallery id, or 0 for "this page's own gallery". */
export const GalleryRef = (o: T.TNumberOptions = {}) => T.Integer({ minimum: 0, maximum: MAX_ID, ...o });

/** One of a few literal values (a JSON Schema `enum`); the error names them. */
export function OneOf<const V extends readonly (string | number)[]>(values: V, o: T.TSchemaOptions = {}) {
  return T.Unsafe<V[number]>({ enum: [...values], errorMessage: `must be one of ${values.join(', ')}`, ...o });
}
