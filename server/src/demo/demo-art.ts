/**
 * Pictures for the demo event, drawn as SVG from a seeded PRNG: skies, ridges with
 * atmospheric depth, sun or moon, stage lights, bokeh, city lights, a red carpet.
 * Only plain shapes and gradients (no filters, no group opacity): librsvg renders
 * them in tens of milliseconds at 1.5 MP.
 */
export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const between = (r: Rng, lo: number, hi: number) => lo + r() * (hi - lo);
const f = (n: number) => n.toFixed(1);

function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa.map((v, i) => Math.round(v + (pb[i] - v) * t).toString(16).padStart(2, '0')).join('')}`;
}

interface Palette {
  sky: [string, string, string];
  light: string;
  land: string;
  night?: boolean;
}

const PALETTES: Palette[] = [
  { sky: ['#2b3a67', '#b56576', '#f7b267'], light: '#fff1c1', land: '#3d2c4e' },
  { sky: ['#1d6fc2', '#6fb3ec', '#d9eefc'], light: '#fffbe0', land: '#2f5d3a' },
  { sky: ['#1f1b4d', '#c0392b', '#f39c12'], light: '#ffd27f', land: '#2c1a2e' },
  { sky: ['#0b1d3a', '#3c5a99', '#f08a5d'], light: '#ffe3b3', land: '#16213e' },
  { sky: ['#020617', '#0f1e46', '#2c4478'], light: '#f5f3ce', land: '#0a1022', night: true },
  { sky: ['#7d93ab', '#c3d0dc', '#eef2f5'], light: '#ffffff', land: '#4f6478' },
  { sky: ['#0f4c5c', '#5f9ea0', '#e0c097'], light: '#fff5d6', land: '#1d3b3f' },
  { sky: ['#3a1c71', '#d76d77', '#ffaf7b'], light: '#fff0d0', land: '#2d1b3d' }
];

const NEON = ['#ff3cac', '#784ba0', '#2b86c5', '#00f5d4', '#fee440', '#ff6b6b', '#7cff6b'];
const WARM = ['#ffd166', '#ef476f', '#f78c6b', '#ffe8a3', '#06d6a0', '#fca311', '#e9c46a'];

const svg = (W: number, H: number, defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;

const vgrad = (id: string, stops: [number, string, number?][]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`)
    .join('')}</linearGradient>`;

const glow = (id: string, color: string, inner: number) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${inner}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

/** A mountain ridge by midpoint displacement, closed down to `floor`. */
function ridge(r: Rng, W: number, baseY: number, amp: number, rough: number, floor: number): string {
  let ys = [baseY + between(r, -amp, amp) / 2, baseY + between(r, -amp, amp) / 2];
  let d = amp;
  for (let level = 0; level < 6; level++) {
    const next: number[] = [];
    for (let i = 0; i < ys.length - 1; i++) next.push(ys[i], (ys[i] + ys[i + 1]) / 2 + between(r, -d, d));
    next.push(ys[ys.length - 1]);
    ys = next;
    d *= rough;
  }
  const step = W / (ys.length - 1);
  return `M0 ${f(floor)} ${ys.map((y, i) => `L${f(i * step)} ${f(y)}`).join(' ')} L${W} ${f(floor)} Z`;
}

function pine(x: number, base: number, h: number, color: string): string {
  const w = h * 0.36;
  const tiers = [0, 0.28, 0.52].map((t) => {
    const top = base - h + t * h * 0.9;
    const bottom = base - h * 0.12 - (0.52 - t) * h * 0.35;
    const half = w * (0.55 + t);
    return `M${f(x)} ${f(top)} L${f(x + half / 1.6)} ${f(bottom)} L${f(x - half / 1.6)} ${f(bottom)} Z`;
  });
  return `<path d="${tiers.join(' ')} M${f(x - h * 0.03)} ${f(base)} h${f(h * 0.06)} v${f(-h * 0.2)} h${f(-h * 0.06)} Z" fill="${color}"/>`;
}

/** Heads and shoulders along the bottom edge: a crowd, a couple, guests. */
function people(r: Rng, W: number, H: number, count: number, scale: number, color: string, phones = false): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = (W * (i + between(r, 0.1, 0.9))) / count;
    const hr = H * scale * between(r, 0.8, 1.2);
    const y = H - hr * between(r, 1.6, 2.6);
    out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(hr * 0.85)}" ry="${f(hr)}" fill="${color}"/>`;
    out += `<rect x="${f(x - hr * 0.35)}" y="${f(y + hr * 0.6)}" width="${f(hr * 0.7)}" height="${f(hr)}" fill="${color}"/>`;
    out += `<path d="M${f(x - hr * 2.4)} ${f(H + 1)} C${f(x - hr * 2.4)} ${f(y + hr * 1.6)} ${f(x - hr * 1.2)} ${f(y + hr * 1.35)} ${f(x)} ${f(y + hr * 1.35)} C${f(x + hr * 1.2)} ${f(y + hr * 1.35)} ${f(x + hr * 2.4)} ${f(y + hr * 1.6)} ${f(x + hr * 2.4)} ${f(H + 1)} Z" fill="${color}"/>`;
    if (phones && r() < 0.25) {
      const px = x + hr * between(r, -1.5, 1.5);
      const py = y - hr * between(r, 1.5, 3);
      out += `<path d="M${f(x)} ${f(y + hr * 1.5)} L${f(px)} ${f(py)}" stroke="${color}" stroke-width="${f(hr * 0.5)}" stroke-linecap="round"/>`;
      out += `<rect x="${f(px - hr * 0.35)}" y="${f(py - hr * 0.6)}" width="${f(hr * 0.7)}" height="${f(hr * 1.1)}" rx="${f(hr * 0.15)}" fill="#e8f1ff" fill-opacity="0.9"/>`;
    }
  }
  return out;
}

function landscape(r: Rng, W: number, H: number, lake: boolean): string {
  const p = pick(r, PALETTES);
  const horizon = H * between(r, 0.55, 0.7);
  const floor = lake ? horizon : H;
  let defs = vgrad('sky', [[0, p.sky[0]], [0.6, p.sky[1]], [1, p.sky[2]]]) + glow('sun', p.light, 0.55);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  if (p.night) for (let i = 0; i < 90; i++) {
    body += `<circle cx="${f(r() * W)}" cy="${f(r() * horizon * 0.8)}" r="${f(between(r, 0.6, 2.2))}" fill="#ffffff" fill-opacity="${f(between(r, 0.3, 0.9))}"/>`;
  }
  const sx = W * between(r, 0.15, 0.85);
  // Above the far ridge, or just touching it (a setting sun).
  const sy = between(r, H * 0.1, Math.max(H * 0.14, horizon - H * 0.3));
  const sr = Math.min(W, H) * between(r, 0.035, 0.07);
  body += `<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sr * 5)}" fill="url(#sun)"/><circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sr)}" fill="${p.light}"/>`;
  for (let i = 0, n = Math.floor(between(r, 2, 6)); i < n; i++) {
    body += `<ellipse cx="${f(r() * W)}" cy="${f(between(r, 0.1, 0.5) * horizon)}" rx="${f(between(r, 0.08, 0.2) * W)}" ry="${f(between(r, 0.01, 0.03) * H)}" fill="#ffffff" fill-opacity="${f(between(r, 0.08, 0.25))}"/>`;
  }
  const layers = Math.floor(between(r, 3, 6));
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1); // 0 far … 1 near
    const color = mix(p.sky[2], p.land, 0.35 + 0.65 * t);
    const base = horizon - H * (0.22 - 0.16 * t) + (lake ? 0 : t * H * 0.25);
    body += `<path d="${ridge(r, W, base, H * (0.16 - 0.08 * t), between(r, 0.45, 0.6), floor)}" fill="${color}"/>`;
  }
  if (lake) {
    defs += vgrad('water', [[0, p.sky[2]], [1, mix(p.sky[0], p.land, 0.5)]]);
    body += `<rect y="${f(horizon)}" width="${W}" height="${f(H - horizon)}" fill="url(#water)"/>`;
    for (let i = 0; i < 14; i++) {
      const y = horizon + (H - horizon) * (i / 14 + r() * 0.04);
      const w = sr * between(r, 1, 3) * (1 + i / 6);
      body += `<rect x="${f(sx - w / 2 + between(r, -sr, sr))}" y="${f(y)}" width="${f(w)}" height="${f(between(r, 1.5, 4))}" fill="${p.light}" fill-opacity="${f(between(r, 0.25, 0.6))}"/>`;
    }
  } else if (r() < 0.7) {
    const dark = mix(p.land, '#000000', 0.45);
    for (let i = 0, n = Math.floor(between(r, 4, 12)); i < n; i++) body += pine(r() * W, H + 2, H * between(r, 0.12, 0.3), dark);
  }
  return svg(W, H, defs, body);
}

function stage(r: Rng, W: number, H: number): string {
  const tint = pick(r, NEON);
  let defs = vgrad('bg', [[0, '#05010f'], [0.7, mix('#05010f', tint, 0.35)], [1, '#0b0614']]);
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  const beams = Math.floor(between(r, 3, 7));
  for (let i = 0; i < beams; i++) {
    const c = pick(r, NEON);
    defs += vgrad(`b${i}`, [[0, c, 0.75], [1, c, 0]]);
    const ox = (W * (i + 0.5)) / beams;
    const tx = ox + between(r, -0.35, 0.35) * W;
    const spread = W * between(r, 0.06, 0.16);
    body += `<path d="M${f(ox - 8)} 0 L${f(ox + 8)} 0 L${f(tx + spread)} ${f(H * 0.8)} L${f(tx - spread)} ${f(H * 0.8)} Z" fill="url(#b${i})"/>`;
    body += `<circle cx="${f(ox)}" cy="4" r="${f(H * 0.025)}" fill="${c}"/>`;
  }
  defs += glow('spot', '#fff6e0', 0.5);
  const px = W * between(r, 0.35, 0.65);
  body += `<ellipse cx="${f(px)}" cy="${f(H * 0.72)}" rx="${f(W * 0.18)}" ry="${f(H * 0.05)}" fill="url(#spot)"/>`;
  body += `<rect y="${f(H * 0.72)}" width="${W}" height="${f(H * 0.06)}" fill="#141021"/><rect y="${f(H * 0.72)}" width="${W}" height="3" fill="${tint}" fill-opacity="0.8"/>`;
  const ph = H * 0.3;
  body += `<circle cx="${f(px)}" cy="${f(H * 0.72 - ph)}" r="${f(ph * 0.09)}" fill="#07050c"/>`;
  body += `<path d="M${f(px - ph * 0.13)} ${f(H * 0.72 - ph * 0.88)} L${f(px + ph * 0.13)} ${f(H * 0.72 - ph * 0.88)} L${f(px + ph * 0.2)} ${f(H * 0.72)} L${f(px - ph * 0.2)} ${f(H * 0.72)} Z" fill="#07050c"/>`;
  for (let i = 0; i < 30; i++) {
    body += `<circle cx="${f(r() * W)}" cy="${f(r() * H * 0.7)}" r="${f(between(r, 1, 4))}" fill="${pick(r, NEON)}" fill-opacity="${f(between(r, 0.3, 0.8))}"/>`;
  }
  body += people(r, W, H, Math.floor(between(r, 14, 26)), 0.03, '#030207', true);
  return svg(W, H, defs, body);
}

function bokeh(r: Rng, W: number, H: number, silhouettes: boolean): string {
  const base = pick(r, ['#1a0f0a', '#0d1321', '#1b0d1f', '#0f1a14']);
  let defs = vgrad('bg', [[0, base], [1, mix(base, pick(r, WARM), 0.25)]]);
  WARM.forEach((c, i) => {
    defs += `<radialGradient id="k${i}"><stop offset="0" stop-color="${c}" stop-opacity="0.35"/><stop offset="0.8" stop-color="${c}" stop-opacity="0.55"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;
  });
  let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  for (let i = 0, n = Math.floor(between(r, 45, 80)); i < n; i++) {
    const rad = Math.min(W, H) * between(r, 0.02, 0.11);
    body += `<circle cx="${f(r() * W)}" cy="${f(r() * H)}" r="${f(rad)}" fill="url(#k${Math.floor(r() * WARM.length)})"/>`;
  }
  if (silhouettes) body += people(r, W, H, Math.floor(between(r, 2, 5)), 0.085, '#050306');
  return svg(W, H, defs, body);
}

function city(r: Rng, W: number, H: number): string {
  const p = pick(r, PALETTES.filter((x) => x.night || parseInt(x.sky[0].slice(1, 3), 16) < 0x30));
  let defs = vgrad('sky', [[0, p.sky[0]], [0.7, p.sky[1]], [1, p.sky[2]]]) + glow('moon', p.light, 0.5);
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  const mx = W * between(r, 0.1, 0.9);
  const my = H * between(r, 0.1, 0.3);
  body += `<circle cx="${f(mx)}" cy="${f(my)}" r="${f(H * 0.12)}" fill="url(#moon)"/><circle cx="${f(mx)}" cy="${f(my)}" r="${f(H * 0.03)}" fill="${p.light}"/>`;
  for (const [layer, shade] of [[0, 0.45], [1, 0.85]] as const) {
    let x = -between(r, 0, 40);
    while (x < W) {
      const bw = W * between(r, 0.04, 0.1);
      const bh = H * between(r, 0.2, 0.55) * (layer ? 0.8 : 1);
      const color = mix(p.sky[2], '#05070d', shade);
      body += `<rect x="${f(x)}" y="${f(H - bh)}" width="${f(bw)}" height="${f(bh)}" fill="${color}"/>`;
      if (layer) {
        for (let wy = H - bh + 12; wy < H - 14; wy += 22) {
          for (let wx = x + 8; wx < x + bw - 12; wx += 16) {
            if (r() < 0.3) body += `<rect x="${f(wx)}" y="${f(wy)}" width="7" height="10" fill="#ffd98a" fill-opacity="${f(between(r, 0.5, 0.95))}"/>`;
          }
        }
      }
      x += bw + between(r, 0, 12);
    }
  }
  return svg(W, H, defs, body);
}

function carpet(r: Rng, W: number, H: number): string {
  const wall = pick(r, ['#1c1c28', '#231a2e', '#1a2330']);
  let defs = vgrad('wall', [[0, wall], [1, mix(wall, '#000000', 0.4)]]) + vgrad('rug', [[0, '#6d0012'], [1, '#d0112e']]) + glow('flash', '#ffffff', 0.9);
  defs += `<pattern id="logo" width="90" height="90" patternUnits="userSpaceOnUse"><path d="M45 20 L51 38 L70 38 L55 49 L61 67 L45 56 L29 67 L35 49 L20 38 L39 38 Z" fill="#d4af37" fill-opacity="0.35"/></pattern>`;
  const top = H * 0.55;
  let body = `<rect width="${W}" height="${H}" fill="url(#wall)"/><rect width="${W}" height="${f(top)}" fill="url(#logo)"/>`;
  body += `<rect y="${f(top)}" width="${W}" height="${f(H - top)}" fill="#0c0a10"/>`;
  body += `<path d="M${f(W * 0.38)} ${f(top)} L${f(W * 0.62)} ${f(top)} L${f(W * 1.05)} ${H} L${f(-W * 0.05)} ${H} Z" fill="url(#rug)"/>`;
  for (const side of [-1, 1]) {
    let prev: [number, number] | null = null;
    for (let i = 0; i < 4; i++) {
      const t = i / 3;
      const x = W / 2 + side * (W * 0.14 + t * W * 0.42);
      const y = top + t * (H - top) * 0.85;
      const h = H * (0.1 + t * 0.16);
      body += `<rect x="${f(x - h * 0.04)}" y="${f(y - h)}" width="${f(h * 0.08)}" height="${f(h)}" fill="#c9a23a"/><circle cx="${f(x)}" cy="${f(y - h)}" r="${f(h * 0.07)}" fill="#e8c55a"/>`;
      if (prev) body += `<path d="M${f(prev[0])} ${f(prev[1])} Q${f((prev[0] + x) / 2)} ${f(Math.max(prev[1], y - h * 0.9) + h * 0.25)} ${f(x)} ${f(y - h * 0.9)}" stroke="#8b0018" stroke-width="${f(h * 0.05)}" fill="none"/>`;
      prev = [x, y - h * 0.9];
    }
  }
  const fx = W * between(r, 0.4, 0.6);
  const fh = H * between(r, 0.38, 0.5);
  const fy = H * 0.8;
  body += `<circle cx="${f(fx)}" cy="${f(fy - fh)}" r="${f(fh * 0.08)}" fill="#08060a"/>`;
  body += `<path d="M${f(fx - fh * 0.1)} ${f(fy - fh * 0.9)} L${f(fx + fh * 0.1)} ${f(fy - fh * 0.9)} L${f(fx + fh * 0.24)} ${f(fy)} L${f(fx - fh * 0.24)} ${f(fy)} Z" fill="#08060a"/>`;
  for (let i = 0, n = Math.floor(between(r, 3, 7)); i < n; i++) {
    body += `<circle cx="${f(r() * W)}" cy="${f(between(r, 0.05, 0.5) * H)}" r="${f(H * between(r, 0.05, 0.12))}" fill="url(#flash)"/>`;
  }
  return svg(W, H, defs, body);
}

export type SceneKind = 'mountains' | 'lake' | 'stage' | 'bokeh' | 'guests' | 'city' | 'carpet';

export function sceneSvg(kind: SceneKind, r: Rng, W: number, H: number): string {
  switch (kind) {
    case 'mountains': return landscape(r, W, H, false);
    case 'lake': return landscape(r, W, H, true);
    case 'stage': return stage(r, W, H);
    case 'bokeh': return bokeh(r, W, H, false);
    case 'guests': return bokeh(r, W, H, true);
    case 'city': return city(r, W, H);
    case 'carpet': return carpet(r, W, H);
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A slide-head banner: a scene with a title over it. */
export function bannerSvg(kind: SceneKind, r: Rng, W: number, H: number, title: string, subtitle: string): string {
  const scene = sceneSvg(kind, r, W, H);
  const text =
    `<rect y="${f(H * 0.62)}" width="${W}" height="${f(H * 0.38)}" fill="#000000" fill-opacity="0.28"/>` +
    `<text x="${f(W * 0.06)}" y="${f(H * 0.8)}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${f(H * 0.13)}" fill="#ffffff">${esc(title)}</text>` +
    `<text x="${f(W * 0.06)}" y="${f(H * 0.91)}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${f(H * 0.06)}" fill="#ffffff" fill-opacity="0.85">${esc(subtitle)}</text>`;
  return scene.replace(/<\/svg>$/, `${text}</svg>`);
}

/** The Red Carpet watermark: a gold star and the event name on a transparent ground. */
export function logoSvg(): string {
  const star = 'M90 22 L105 66 L152 66 L114 94 L128 139 L90 112 L52 139 L66 94 L28 66 L75 66 Z';
  return svg(
    600,
    160,
    '',
    `<rect x="4" y="4" width="592" height="152" rx="28" fill="#000000" fill-opacity="0.35" stroke="#ffffff" stroke-opacity="0.9" stroke-width="6"/>` +
      `<path d="${star}" fill="#f2c14e" stroke="#ffffff" stroke-width="4"/>` +
      `<text x="178" y="78" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="48" fill="#ffffff">SPRING GALA</text>` +
      `<text x="180" y="128" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="34" fill="#ffffff" fill-opacity="0.85">2026 · Red Carpet</text>`
  );
}
