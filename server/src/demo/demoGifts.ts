import sharp from 'sharp';
import type { Queryable } from '../db';

/**
 * The demo's comment gifts and emotions (issue 15): every demo gallery with use_comment 1 gets
 * two free gifts (with a cooldown), two paid ones (paid in the sandbox by default) and one
 * sticker set, unless it has gifts or emotions already. Images are drawn here and stored like
 * every other image (`/img/{hash}!avatar_150`).
 */

export interface DemoGift {
  name: string;
  /** Cents; 0 is free. */
  price: number;
  /** Seconds between two sends by one visitor. */
  cooldown: number;
  svg: string;
}

const badge = (bg: string, inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240"><circle cx="120" cy="120" r="112" fill="${bg}"/>${inner}</svg>`;

export const DEMO_GIFTS: DemoGift[] = [
  { name: 'Rose', price: 0, cooldown: 10, svg: badge('#ffe4ec', '<circle cx="120" cy="100" r="44" fill="#e5364f"/><circle cx="100" cy="92" r="22" fill="#f25a6e"/><rect x="114" y="140" width="12" height="70" fill="#3a8f3a"/><ellipse cx="145" cy="170" rx="22" ry="10" fill="#4caf50"/>') },
  { name: 'Applause', price: 0, cooldown: 30, svg: badge('#fff4d6', '<ellipse cx="95" cy="125" rx="30" ry="55" fill="#f5b041" transform="rotate(-20 95 125)"/><ellipse cx="145" cy="125" rx="30" ry="55" fill="#f39c12" transform="rotate(20 145 125)"/><path d="M60 50 L75 70 M120 35 L120 60 M180 50 L165 70" stroke="#e67e22" stroke-width="8" stroke-linecap="round"/>') },
  { name: 'Cake', price: 100, cooldown: 0, svg: badge('#f3e5f5', '<rect x="60" y="120" width="120" height="70" rx="10" fill="#ab47bc"/><rect x="60" y="110" width="120" height="22" rx="10" fill="#f8bbd0"/><rect x="114" y="70" width="12" height="40" fill="#ffca28"/><ellipse cx="120" cy="62" rx="8" ry="14" fill="#ff7043"/>') },
  { name: 'Sports car', price: 666, cooldown: 0, svg: badge('#e3f2fd', '<path d="M40 150 L70 110 L160 105 L200 140 L205 160 L40 160 Z" fill="#e53935"/><circle cx="80" cy="165" r="18" fill="#263238"/><circle cx="170" cy="165" r="18" fill="#263238"/><path d="M85 115 L150 112 L170 135 L80 138 Z" fill="#bbdefb"/>') }
];

const face = (bg: string, mouth: string, eyes = '<circle cx="88" cy="100" r="12" fill="#3e2723"/><circle cx="152" cy="100" r="12" fill="#3e2723"/>') => badge(bg, eyes + mouth);

export const DEMO_EMOTIONS: { name: string; images: string[] } = {
  name: 'Party faces',
  images: [
    face('#ffd54f', '<path d="M75 145 Q120 195 165 145" stroke="#3e2723" stroke-width="10" fill="none" stroke-linecap="round"/>'),
    face('#ffb74d', '<ellipse cx="120" cy="160" rx="28" ry="22" fill="#3e2723"/>'),
    face('#81d4fa', '<path d="M80 170 Q120 135 160 170" stroke="#3e2723" stroke-width="10" fill="none" stroke-linecap="round"/>'),
    face('#f48fb1', '<path d="M75 145 Q120 195 165 145 Z" fill="#3e2723"/>', '<path d="M72 100 L104 100 M136 100 L168 100" stroke="#3e2723" stroke-width="10" stroke-linecap="round"/>')
  ]
};

/** An image stored by the seed: its content hash. */
export type StoreImage = (png: Buffer, name: string) => Promise<{ hash: string }>;

const url = (hash: string) => `/img/${hash}!avatar_150`;

/** Draw the demo's gift and sticker images (before the seed's transaction). */
export async function drawDemoGiftImages(store: StoreImage): Promise<{ gifts: string[]; emotions: string[] }> {
  const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
  const gifts: string[] = [];
  for (const g of DEMO_GIFTS) gifts.push(url((await store(await png(g.svg), `gift-${g.name}.png`)).hash));
  const emotions: string[] = [];
  for (const [i, svg] of DEMO_EMOTIONS.images.entries()) emotions.push(url((await store(await png(svg), `emotion-${i + 1}.png`)).hash));
  return { gifts, emotions };
}

/** Gifts and the sticker set for every gallery with use_comment 1 that has neither yet; answers the galleries given them. */
export async function seedDemoGifts(q: Queryable, images: { gifts: string[]; emotions: string[] }, now: number): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT g.id FROM galleries g WHERE g.config->>'use_comment' = '1'
       AND NOT EXISTS (SELECT 1 FROM comment_gifts x WHERE x.gallery_id = g.id)
       AND NOT EXISTS (SELECT 1 FROM comment_emotions e WHERE e.gallery_id = g.id) ORDER BY g.id`
  );
  for (const { id } of rows) {
    for (const [i, g] of DEMO_GIFTS.entries()) {
      await q.query(
        'INSERT INTO comment_gifts (gallery_id, name, image, price_cents, cooldown_s, position, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [id, g.name, images.gifts[i], g.price, g.cooldown, i, now]
      );
    }
    await q.query('INSERT INTO comment_emotions (gallery_id, name, images, position, created_at) VALUES ($1, $2, $3::jsonb, 0, $4)', [
      id,
      DEMO_EMOTIONS.name,
      JSON.stringify(images.emotions),
      now
    ]);
  }
  return rows.map((r) => r.id);
}
