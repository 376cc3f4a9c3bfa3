import { useEffect } from 'react';
import { CODE_URL_PATTERN } from '../../../types/page/code';
import { loadPageCode, runsPageCode } from '../../platform/page-code';
import type { PageComponentRenderProps } from '../types';

const CODE_URL = new RegExp(CODE_URL_PATTERN);
const urls = (v: unknown): string[] => (Array.isArray(v) ? v.filter((u): u is string => typeof u === 'string' && CODE_URL.test(u)) : []);

/**
 * `code`: loads the organiser's external scripts and stylesheets into the page (browsers); shows
 * nothing itself, and nothing at all in the mini-program. The server saved only allow-listed hosts.
 */
export default function CodeBlock({ props }: PageComponentRenderProps<'code'>) {
  const scripts = urls(props.scripts);
  const styles = urls(props.styles);
  const key = `${scripts.join(' ')}|${styles.join(' ')}`;
  useEffect(() => {
    if (!runsPageCode() || (!scripts.length && !styles.length)) return undefined;
    return loadPageCode(scripts, styles);
  }, [key]);
  return null;
}
