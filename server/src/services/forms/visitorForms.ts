import type { PageData } from '../../../../types/page';
import { FORM_FIELD_DEFINITIONS } from '../../../../types/page/formDefinitions';

/**
 * A form's secrets as visitors are shown a page (issue 26, finding 2). A field's `whitelist`
 * (input values, phones — real people's mobile numbers —, invite codes, passwords) is checked
 * only on the server (services/forms/forms.ts, against the page as saved); a visitor's copy of
 * the page carries none of it, so the app's own check of a value is its shape, and a value off
 * the list is refused by the submit's answer (200202, 200208, 200209). The organiser's reads
 * keep the page as saved.
 */
const SECRET_PROPS = ['whitelist'] as const;

/** The field types whose props hold a secret, read from their schemas (a new whitelisted field type is covered too). */
const SECRET_TYPES: ReadonlySet<string> = new Set(
  Object.values(FORM_FIELD_DEFINITIONS)
    .filter((d) => SECRET_PROPS.some((p) => p in ((d.schema as unknown as { properties?: object }).properties ?? {})))
    .map((d) => d.type)
);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A copy of `value` with the secrets of every form field in it left out, wherever the field
 * sits (a form's children, an accordion's folds, a tab's panes: any depth). Parts without a
 * secret are shared, not copied; the input is never changed (cached galleries hand it out).
 */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = withoutSecrets(item);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (!isObject(value)) return value;
  let out: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    let next = withoutSecrets(item);
    if (key === 'props' && isObject(next) && typeof value.type === 'string' && SECRET_TYPES.has(value.type) && SECRET_PROPS.some((p) => p in (next as object))) {
      const props: Record<string, unknown> = { ...(next as Record<string, unknown>) };
      for (const p of SECRET_PROPS) delete props[p];
      next = props;
    }
    if (next !== item) (out ??= { ...value })[key] = next;
  }
  return out ?? value;
}

/** The page as a visitor gets it: every form field's whitelist left out. */
export function visitorPageData(pagedata: PageData | null): PageData | null {
  return pagedata ? (withoutSecrets(pagedata) as PageData) : pagedata;
}
