import { fromPagePath, sceneToUrl } from '../../routes';

/** The spec URL an entry page was asked to open: a QR scene, or a page path in `path` with its query. */
export function entryTarget(params: Record<string, string | undefined>): string | null {
  if (params.scene) return sceneToUrl(params.scene);
  if (params.page) {
    const { page, ...rest } = params;
    return fromPagePath(page, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Record<string, string>);
  }
  return null;
}
