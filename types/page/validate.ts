/**
 * The check of a page an organiser saves (server side: it loads TypeBox's validator,
 * which the app never bundles). Every problem is reported, each with its path:
 * `pagedata.components[3].props.text: must be at most 200 characters`.
 *
 * - The whole page nests at most MAX_JSON_DEPTH deep (checked first, without recursion), and is at most
 *   MAX_PAGEDATA_BYTES of JSON and MAX_COMPONENTS components.
 * - Each component: `id` (unique in its list), `type`, optional `props` and `wrapper`; nothing else.
 * - Components inside components (collapse items, empty) are checked the same way, at most MAX_NESTING deep.
 * - A definition's own `check` adds rules that need the server's settings (`opts`): a `code` component
 *   may load scripts and styles only from the hosts the organiser allow-listed (CODE_HOSTS).
 * - A known type's props are checked against its definition (types/page/<type>.ts), with its
 *   defaults filled in first, so an organiser may leave out any prop that has a default.
 * - An unknown type is kept (it renders nothing until a renderer for it exists): its props are
 *   checked only for shape (a JSON object, within the page's size bound). Its definition does not
 *   exist yet, so a stricter check would refuse pages prepared for components other work adds;
 *   props an app cannot read never reach a renderer. Its wrapper is checked like any other.
 */
import * as T from 'typebox';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { PAGE_COMPONENT_DEFINITIONS } from './definitions';
import { WrapperSchema } from './wrapper';
import { Line, type ComponentDefinition, type PageCheckOptions } from './kit';
import { MAX_JSON_DEPTH, jsonValueTooDeep } from '../jsonDepth';

/** Largest page, as UTF-8 bytes of its JSON. */
export const MAX_PAGEDATA_BYTES = 256 * 1024;
/** Most components on one page. */
export const MAX_COMPONENTS = 200;
/** `data.key` of the 400 answer that refuses a page (its `data.errors` lists every problem). */
export const PAGEDATA_INVALID = 'PageDataInvalid';

export interface PageDataIssue {
  /** Where, from `pagedata`: `pagedata.components[3].props.text`. */
  path: string;
  message: string;
}

const ComponentShellSchema = T.Object(
  {
    id: Line(64, { minLength: 1, errorMessage: 'must be 1 to 64 characters without control characters' }),
    type: T.String({ pattern: '^[a-z][a-z0-9_]{0,31}$', errorMessage: 'must be a component type: lower-case letters, digits and _ (at most 32)' }),
    props: T.Optional(T.Unsafe<Record<string, unknown>>({ type: 'object' })),
    wrapper: T.Optional(WrapperSchema)
  },
  { additionalProperties: false }
);
const PageShellSchema = T.Object(
  { components: T.Array(T.Unsafe<unknown>({}), { maxItems: MAX_COMPONENTS }) },
  { additionalProperties: false }
);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every problem of `value` as a page (an empty list: it may be saved). */
export function checkPageData(value: unknown, opts: PageCheckOptions = {}): PageDataIssue[] {
  if (!isObject(value)) return [{ path: 'pagedata', message: 'must be an object {components: [...]}' }];
  // Before anything walks it recursively (JSON.stringify below, the schema checks): a page from a file is not bounded by the body parser.
  if (jsonValueTooDeep(value, MAX_JSON_DEPTH)) return [{ path: 'pagedata', message: `must nest at most ${MAX_JSON_DEPTH} levels deep` }];
  const bytes = utf8Length(JSON.stringify(value));
  if (bytes > MAX_PAGEDATA_BYTES) return [{ path: 'pagedata', message: `must be at most ${MAX_PAGEDATA_BYTES} bytes of JSON (is ${bytes})` }];
  const issues = errorsOf(PageShellSchema, value, 'pagedata');
  if (issues.length) return issues;
  checkComponents(value.components as unknown[], 'pagedata.components', 0, issues, opts);
  return issues;
}

/** Most levels of components inside components (collapse, empty). */
export const MAX_NESTING = 4;

/** Each component of a list: its envelope, an id unique in the list, and a known type's props (then the lists inside it). */
function checkComponents(list: unknown[], at: string, depth: number, issues: PageDataIssue[], opts: PageCheckOptions): void {
  const seen = new Map<string, number>();
  list.forEach((c, i) => {
    const here = `${at}[${i}]`;
    issues.push(...errorsOf(ComponentShellSchema, c, here));
    if (!isObject(c)) return;
    if (typeof c.id === 'string') {
      const first = seen.get(c.id);
      if (first !== undefined) issues.push({ path: `${here}.id`, message: `must be unique in its list (${at.split('.').pop()}[${first}] has "${c.id}")` });
      else seen.set(c.id, i);
    }
    const def = typeof c.type === 'string' && Object.prototype.hasOwnProperty.call(PAGE_COMPONENT_DEFINITIONS, c.type)
      ? (PAGE_COMPONENT_DEFINITIONS[c.type as keyof typeof PAGE_COMPONENT_DEFINITIONS] as ComponentDefinition)
      : null;
    if (!def || (c.props !== undefined && !isObject(c.props))) return;
    const props = { ...(def.defaults as Json), ...((c.props as Json | undefined) ?? {}) };
    const own = errorsOf(def.schema, props, `${here}.props`);
    issues.push(...own);
    if (!own.length && def.check) for (const i of def.check(props, opts)) issues.push({ path: `${here}.props${i.at}`, message: i.message });
    if (own.length || !def.nested) return;
    for (const nested of def.nested(props)) {
      if (!Array.isArray(nested.components) || !nested.components.length) continue;
      if (depth + 1 > MAX_NESTING) issues.push({ path: `${here}.props${nested.at}`, message: `components may nest at most ${MAX_NESTING} levels deep` });
      else checkComponents(nested.components, `${here}.props${nested.at}`, depth + 1, issues, opts);
    }
  });
}

/** The issues as one line each, for a message or a terminal. */
export function formatIssues(issues: PageDataIssue[]): string[] {
  return issues.map((i) => `${i.path}: ${i.message}`);
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

interface RawError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}
/** Raw errors one schema check collects at most (union branches add several per field). */
const MAX_RAW_ERRORS = 5000;
type SchemaNode = Record<string, unknown> & { errorMessage?: string; anyOf?: SchemaNode[]; properties?: Record<string, SchemaNode> };

/**
 * Readable issues from TypeBox's errors. A union of link types is told apart by `type`:
 * only the errors of the branch the value names count (or one error naming the types,
 * when it names none). Unknown fields are named one by one.
 */
function errorsOf(schema: T.TSchema, value: unknown, base: string): PageDataIssue[] {
  const errors: RawError[] = [];
  collect(schema as unknown as SchemaNode, value, '', '#', errors);
  if (!errors.length) return [];
  const root = schema as unknown as SchemaNode;
  // Each failed union (its schema path and the value's place) → the branch the value chose (null: none).
  const chosen: Choice[] = [];
  for (const e of errors) {
    if (e.keyword !== 'anyOf') continue;
    const node = nodeAt(root, e.schemaPath);
    chosen.push({ schemaPath: e.schemaPath, instancePath: e.instancePath, branch: branchOf(node, valueAt(value, e.instancePath)) });
  }
  const out: PageDataIssue[] = [];
  const push = (instancePath: string, message: string) => {
    const path = base + pathOf(instancePath);
    if (!out.some((o) => o.path === path && o.message === message)) out.push({ path, message });
  };
  for (const e of errors) {
    if (insideOtherBranch(e, chosen)) continue;
    const node = nodeAt(root, e.schemaPath);
    switch (e.keyword) {
      case 'anyOf': {
        const branch = chosen.find((c) => c.schemaPath === e.schemaPath && c.instancePath === e.instancePath)?.branch;
        if (branch !== null && branch !== undefined) break;
        const v = valueAt(value, e.instancePath);
        const types = discriminators(node);
        if (types.length && isObject(v)) push(`${e.instancePath}/type`, `must be one of ${types.join(', ')}`);
        else push(e.instancePath, node?.errorMessage ?? 'is not valid');
        break;
      }
      case 'additionalProperties':
        break; // each unknown field comes as its own 'boolean' error
      case 'boolean':
        push(e.instancePath, 'unknown field');
        break;
      case 'required':
        for (const name of (e.params.requiredProperties as string[] | undefined) ?? []) {
          const v = valueAt(value, e.instancePath);
          if (isObject(v) && !(name in v)) push(`${e.instancePath}/${name}`, 'is required');
        }
        break;
      default:
        push(e.instancePath, messageOf(e, node));
    }
  }
  return out;
}

/**
 * The raw errors of `value`, found by descending only into the parts that fail: each object
 * property and array item is checked with its own compiled validator, and TypeBox's (slow)
 * error walk runs only on the smallest failing part (a scalar, or a union such as a link).
 * Paths are kept relative to the root schema and value.
 */
function collect(schema: SchemaNode, value: unknown, at: string, schemaAt: string, out: RawError[]): void {
  if (compiled(schema as unknown as T.TSchema).Check(value)) return;
  const before = out.length;
  const props = schema.properties;
  if (schema.type === 'object' && props && isObject(value) && !schema.anyOf) {
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in value)) out.push({ keyword: 'required', schemaPath: schemaAt, instancePath: at, params: { requiredProperties: [key] }, message: 'is required' });
    }
    for (const [key, v] of Object.entries(value)) {
      const ptr = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (props[key]) collect(props[key], v, ptr, `${schemaAt}/properties/${key}`, out);
      else if (schema.additionalProperties === false) out.push({ keyword: 'boolean', schemaPath: `${schemaAt}/additionalProperties`, instancePath: ptr, params: {}, message: 'unknown field' });
    }
  } else if (schema.type === 'array' && Array.isArray(value) && isObject(schema.items)) {
    const max = schema.maxItems as number | undefined;
    if (max !== undefined && (value as unknown[]).length > max) out.push({ keyword: 'maxItems', schemaPath: schemaAt, instancePath: at, params: { limit: max }, message: '' });
    (value as unknown[]).forEach((item, i) => collect(schema.items as SchemaNode, item, `${at}/${i}`, `${schemaAt}/items`, out));
  }
  if (out.length > before) return;
  // A scalar, a union, or a rule of the object or array itself: TypeBox's own error walk, on this part only.
  const before2 = Settings.Get().maxErrors;
  Settings.Set({ maxErrors: MAX_RAW_ERRORS });
  try {
    for (const e of compiled(schema as unknown as T.TSchema).Errors(value) as unknown as RawError[]) {
      out.push({ ...e, schemaPath: schemaAt + e.schemaPath.slice(1), instancePath: at + e.instancePath });
    }
  } finally {
    Settings.Set({ maxErrors: before2 });
  }
}

/** Each schema compiled once (a check then runs as generated code). */
const validators = new WeakMap<T.TSchema, ReturnType<typeof Compile>>();
function compiled(schema: T.TSchema): ReturnType<typeof Compile> {
  let v = validators.get(schema);
  if (!v) {
    v = Compile(schema);
    validators.set(schema, v);
  }
  return v;
}

function messageOf(e: RawError, node: SchemaNode | undefined): string {
  const limit = e.params.limit;
  switch (e.keyword) {
    case 'maxLength':
      return `must be at most ${limit} characters`;
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must be at least ${limit} characters`;
    case 'maxItems':
      return `must have at most ${limit} items`;
    case 'minItems':
      return `must have at least ${limit} items`;
    case 'maximum':
      return `must be at most ${limit}`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'exclusiveMinimum':
      return `must be above ${limit}`;
    case 'exclusiveMaximum':
      return `must be below ${limit}`;
    case 'type': {
      const t = e.params.type;
      return `must be ${Array.isArray(t) ? t.join(' or ') : article(String(t))}`;
    }
    default:
      return node?.errorMessage ?? e.message;
  }
}

const article = (t: string) => (t === 'integer' || t === 'object' || t === 'array' ? `an ${t}` : `a ${t}`);

/** `/components/3/props/text` → `.components[3].props.text`. */
function pathOf(pointer: string): string {
  if (!pointer) return '';
  return pointer
    .split('/')
    .slice(1)
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((seg) => (/^\d+$/.test(seg) ? `[${seg}]` : /^[A-Za-z_$][\w$-]*$/.test(seg) ? `.${seg}` : `[${JSON.stringify(seg)}]`))
    .join('');
}

function valueAt(value: unknown, pointer: string): unknown {
  let v = value;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

function nodeAt(root: SchemaNode, schemaPath: string): SchemaNode | undefined {
  let n: unknown = root;
  for (const raw of schemaPath.replace(/^#/, '').split('/').slice(1)) {
    if (n === null || typeof n !== 'object') return undefined;
    n = (n as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return n as SchemaNode | undefined;
}

/** The `type` constants of a union's branches (a discriminated union: link types). */
function discriminators(node: SchemaNode | undefined): string[] {
  return (node?.anyOf ?? []).map((b) => b.properties?.type?.const).filter((c): c is string => typeof c === 'string');
}

function branchOf(node: SchemaNode | undefined, v: unknown): number | null {
  if (!node?.anyOf || !isObject(v)) return null;
  const i = node.anyOf.findIndex((b) => b.properties?.type?.const !== undefined && b.properties.type.const === v.type);
  return i >= 0 ? i : null;
}

interface Choice {
  schemaPath: string;
  instancePath: string;
  branch: number | null;
}

/** An error from a union branch that is not the one the value chose (or of a union that chose none). */
function insideOtherBranch(e: RawError, chosen: Choice[]): boolean {
  for (const c of chosen) {
    const prefix = `${c.schemaPath}/anyOf/`;
    if (!e.schemaPath.startsWith(prefix)) continue;
    if (e.instancePath !== c.instancePath && !e.instancePath.startsWith(`${c.instancePath}/`)) continue;
    const i = Number(e.schemaPath.slice(prefix.length).split('/')[0]);
    if (c.branch === null || i !== c.branch) return true;
  }
  return false;
}
