/**
 * Race photos for the bib-number demo and the OCR tests: a road, a crowd line and one to
 * three runners, each wearing a paper bib with its number in large print. Drawn as SVG
 * from a seeded PRNG and rendered by sharp (librsvg, DejaVu Sans Bold) — nothing committed,
 * nothing downloaded. The bib is sized to its number (margins on every side), as real bibs are.
 */
import { mulberry32, pick, type Rng } from './demo-art';

const f = (n: number) => n.toFixed(1);
const between = (r: Rng, lo: number, hi: number) => lo + r() * (hi - lo);
const SHIRTS = ['#d7263d', '#1b998b', '#2e294e', '#f46036', '#3a86ff', '#8338ec', '#ff006e', '#0b6e4f'];
const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac'];
/** Average advance of a DejaVu Sans Bold digit, in em. */
const DIGIT_EM = 0.7;

export interface RaceRunner {
  bib: string;
}

/** One runner at (x, ground) of height h, leaning by `tilt` degrees, with the bib on the chest. */
function runnerSvg(r: Rng, bib: string, x: number, ground: number, h: number, tilt: number, event: string): string {
  const shirt = pick(r, SHIRTS);
  const skin = pick(r, SKIN);
  const torsoW = h * 0.3;
  const torsoH = h * 0.34;
  const top = ground - h;
  const headR = h * 0.075;
  const fs = Math.min(torsoW * 0.9 / (bib.length * DIGIT_EM + 0.5), torsoH * 0.34);
  const bibW = fs * (bib.length * DIGIT_EM + 0.5);
  const bibH = fs * 1.55;
  const bibX = -bibW / 2;
  const bibY = top + headR * 2.4 + torsoH * 0.3;
  const leg = (dx: number, swing: number) =>
    `<line x1="${f(dx)}" y1="${f(top + headR * 2.2 + torsoH)}" x2="${f(dx + swing)}" y2="${f(ground)}" stroke="#1f2937" stroke-width="${f(torsoW * 0.26)}" stroke-linecap="round"/>`;
  const arm = (dx: number, swing: number) =>
    `<line x1="${f(dx)}" y1="${f(top + headR * 2.5)}" x2="${f(dx + swing)}" y2="${f(top + headR * 2.2 + torsoH * 0.75)}" stroke="${skin}" stroke-width="${f(torsoW * 0.16)}" stroke-linecap="round"/>`;
  return (
    `<g transform="translate(${f(x)} 0) rotate(${f(tilt)} 0 ${f(ground)})">` +
    leg(-torsoW * 0.22, -h * 0.12) + leg(torsoW * 0.22, h * 0.1) +
    arm(-torsoW * 0.5, -torsoW * 0.35) + arm(torsoW * 0.5, torsoW * 0.4) +
    `<circle cx="0" cy="${f(top + headR)}" r="${f(headR)}" fill="${skin}"/>` +
    `<rect x="${f(-torsoW / 2)}" y="${f(top + headR * 2.2)}" width="${f(torsoW)}" height="${f(torsoH)}" rx="${f(torsoW * 0.18)}" fill="${shirt}"/>` +
    `<rect x="${f(bibX)}" y="${f(bibY)}" width="${f(bibW)}" height="${f(bibH)}" rx="${f(fs * 0.08)}" fill="#fafafa" stroke="#9ca3af" stroke-width="1"/>` +
    `<text x="0" y="${f(bibY + fs * 0.32)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${f(fs * 0.2)}" fill="#b91c1c">${event}</text>` +
    `<text x="0" y="${f(bibY + fs * 1.3)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${f(fs)}" fill="#111111">${bib}</text>` +
    `</g>`
  );
}

/** A race photo of `bibs` (1 to 3 runners), `w`×`h`. */
export function raceSvg(bibs: string[], seed: number, w: number, h: number, event = 'CITY RUN 2026'): string {
  const r = mulberry32(seed);
  const horizon = h * between(r, 0.42, 0.5);
  const sky = pick(r, [['#8ec5ff', '#e0f2fe'], ['#fcd5ce', '#fde2e4'], ['#bde0fe', '#f1faee']]);
  let crowd = '';
  for (let x = 0; x < w; x += w / 40) {
    const ch = h * between(r, 0.05, 0.09);
    crowd += `<ellipse cx="${f(x + between(r, -8, 8))}" cy="${f(horizon)}" rx="${f(w / 70)}" ry="${f(ch)}" fill="${pick(r, SHIRTS)}" fill-opacity="0.55"/>`;
  }
  const n = bibs.length;
  const runners = bibs
    .map((bib, i) => {
      const runnerH = h * between(r, 0.62, 0.8) * (n > 2 ? 0.85 : 1);
      const x = (w * (i + 0.5)) / n + between(r, -w * 0.04, w * 0.04);
      return runnerSvg(r, bib, x, h * between(r, 0.9, 0.97), runnerH, between(r, -6, 6), event);
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#s)"/>` +
    `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="#6b7280"/>` +
    `<rect y="${f(horizon + (h - horizon) * 0.45)}" width="${w}" height="${f(h * 0.008)}" fill="#f9fafb" fill-opacity="0.8"/>` +
    crowd + runners +
    `</svg>`
  );
}
