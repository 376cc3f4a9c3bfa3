import crypto from 'node:crypto';
import type { Queryable } from '../../db';
import { cleanHtml } from './sanitize';

/** Clean `html`, store it under the sha256 of the result (once), and answer that hash and the cleaned HTML; null when nothing is left. */
export async function storeContent(q: Queryable, html: string, now = Math.floor(Date.now() / 1000)): Promise<{ hash: string; html: string } | null> {
  const clean = cleanHtml(html);
  if (!clean) return null;
  const hash = crypto.createHash('sha256').update(clean).digest('hex');
  await q.query('INSERT INTO contents (hash, html, created_at) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING', [hash, clean, now]);
  return { hash, html: clean };
}
