// Hard race photos for the OCR bench (issue 27), drawn with ImageMagick here, nothing committed:
// bibs tilted 10–20°, seen in perspective, motion-blurred, grey on grey, in italic fonts,
// prefixed ('A-1024'), partly covered by an arm, and two runners in one photo. Each case says
// which numbers a runner would type to find it. The scene has distractor text (a banner with
// a year and a distance, the event line on every bib) so a wrong exact hit can show.
//   import { hardCases, drawHard } from './ocr-hard.mjs'
import { execFile } from 'node:child_process';

const SANS_BOLD = 'DejaVu-Sans-Bold';
const OBLIQUE = 'DejaVu-Sans-Bold-Oblique';
const SERIF_ITALIC = 'DejaVu-Serif-Bold-Italic';
const CONDENSED = 'DejaVu-Sans-Condensed-Bold';

/**
 * One runner: `text` is printed on the bib, `find` the number typed to find it.
 * tilt: degrees; persp: [dx, dy] of the far corners (fractions of the bib's size);
 * ink/paper: colours; font; cover: part of the bib hidden by an arm ('low' | 'corner').
 */
const R = (text, o = {}) => ({ text, find: o.find ?? text.replace(/^[A-Z]-/, ''), tilt: 0, ink: '#111111', paper: '#fafafa', font: SANS_BOLD, ...o });

/** The cases: name, photo size, runners, and what happens to the whole photo. */
export const hardCases = () => [
  { name: 'tilt +12°', w: 2000, h: 1333, runners: [R('3907', { tilt: 12 })] },
  { name: 'tilt -15°', w: 2000, h: 1333, runners: [R('5162', { tilt: -15 })] },
  { name: 'tilt +20°', w: 1600, h: 1067, runners: [R('8240', { tilt: 20 })] },
  { name: 'tilt -18°, 3 digits', w: 2000, h: 1333, runners: [R('642', { tilt: -18 })] },
  { name: 'perspective (turned)', w: 2000, h: 1333, runners: [R('6351', { persp: [0, 0.22] })] },
  { name: 'perspective (from below)', w: 1600, h: 1067, runners: [R('2468', { persp: [0.18, 0] })] },
  { name: 'perspective and tilt', w: 2000, h: 1333, runners: [R('5529', { persp: [0, 0.18], tilt: 10 })] },
  { name: 'motion blur', w: 2000, h: 1333, blur: '0x9+0', runners: [R('77015')] },
  { name: 'motion blur, slanted', w: 2000, h: 1333, blur: '0x12+20', runners: [R('4093')] },
  { name: 'grey on grey', w: 2000, h: 1333, runners: [R('1357', { ink: '#5f5f5f', paper: '#8a8a8a' })] },
  { name: 'grey on grey, grey shirt', w: 1600, h: 1067, shirt: '#7a7a7a', runners: [R('8826', { ink: '#6b6b6b', paper: '#9b9b9b' })] },
  { name: 'grey on grey, blurred', w: 2000, h: 1333, blur: '0x6+0', runners: [R('8371', { ink: '#777777', paper: '#a5a5a5' })] },
  { name: 'italic sans', w: 2000, h: 1333, runners: [R('7319', { font: OBLIQUE })] },
  { name: 'italic serif', w: 2000, h: 1333, runners: [R('2045', { font: SERIF_ITALIC })] },
  { name: "prefixed 'A-1024'", w: 2000, h: 1333, runners: [R('A-1024')] },
  { name: "prefixed 'B-3390', condensed", w: 1600, h: 1067, runners: [R('B-3390', { font: CONDENSED })] },
  { name: 'occluded (arm over the lower part)', w: 2000, h: 1333, runners: [R('6718', { cover: 'low' })] },
  { name: 'occluded (arm over a corner)', w: 2000, h: 1333, runners: [R('9152', { cover: 'corner' })] },
  { name: 'two runners', w: 2000, h: 1333, runners: [R('4476'), R('5803')] },
  { name: 'two runners, tilted', w: 2000, h: 1333, runners: [R('3215', { tilt: -10 }), R('7064', { tilt: 13 })] },
  { name: 'two runners, camera size', w: 3000, h: 2000, runners: [R('1189', { tilt: 8 }), R('6032', { font: OBLIQUE })] }
];

/** The bib: paper with the event line and the number, as its own picture (ImageMagick arguments). */
function bibArgs(r, fs) {
  const chars = r.text.length;
  const bw = Math.round(fs * (chars * 0.72 + 0.6));
  const bh = Math.round(fs * 1.6);
  const args = ['(', '-size', `${bw}x${bh}`, `xc:${r.paper}`, '-strokewidth', '2', '-stroke', '#9ca3af', '-fill', 'none', '-draw', `rectangle 0,0 ${bw - 1},${bh - 1}`, '-stroke', 'none',
    '-font', 'DejaVu-Sans', '-pointsize', String(Math.round(fs * 0.2)), '-fill', '#b91c1c', '-gravity', 'north', '-annotate', `+0+${Math.round(fs * 0.1)}`, 'CITY RUN 2026',
    '-font', r.font, '-pointsize', String(fs), '-fill', r.ink, '-gravity', 'center', '-annotate', `+0+${Math.round(fs * 0.12)}`, r.text];
  if (r.cover === 'low') args.push('-fill', '#c68642', '-draw', `polygon 0,${Math.round(bh * 0.78)} ${bw},${Math.round(bh * 0.68)} ${bw},${Math.round(bh * 0.9)} 0,${bh}`);
  if (r.cover === 'corner') args.push('-fill', '#e0ac69', '-draw', `polygon 0,${Math.round(bh * 0.45)} ${Math.round(bw * 0.22)},${bh} 0,${bh}`);
  args.push('-background', 'none', '-virtual-pixel', 'transparent');
  if (r.persp) {
    const [px, py] = r.persp;
    // The right edge recedes (py) or the top edge (px): the far side is shorter.
    args.push('+distort', 'Perspective',
      `0,0 ${Math.round(bw * px)},${Math.round(bh * py)}  ${bw},0 ${Math.round(bw * (1 - px))},${Math.round(bh * py * 1.2)}  ${bw},${bh} ${bw},${Math.round(bh * (1 - py))}  0,${bh} 0,${bh}`, '+repage');
  }
  if (r.tilt) args.push('-rotate', String(r.tilt), '+repage');
  args.push(')');
  return args;
}

/** ImageMagick arguments that draw the case as a JPEG on stdout. */
export function hardArgs(c) {
  const { w, h } = c;
  const n = c.runners.length;
  const args = ['-size', `${w}x${h}`, 'gradient:#bde0fe-#e0f2fe', '-fill', '#6b7280', '-draw', `rectangle 0,${Math.round(h * 0.46)} ${w},${h}`,
    // A banner with numbers nobody wears.
    '-fill', '#1e3a8a', '-draw', `rectangle ${Math.round(w * 0.05)},${Math.round(h * 0.05)} ${Math.round(w * 0.5)},${Math.round(h * 0.13)}`,
    '-font', SANS_BOLD, '-pointsize', String(Math.round(h * 0.05)), '-fill', '#ffffff', '-gravity', 'northwest',
    '-annotate', `+${Math.round(w * 0.07)}+${Math.round(h * 0.065)}`, 'FINISH 10 KM 2026'];
  // Crowd.
  for (let i = 0; i < 30; i++) {
    const x = Math.round((w * i) / 30);
    args.push('-fill', ['#d7263d80', '#1b998b80', '#2e294e80', '#f4603680'][i % 4], '-draw', `ellipse ${x},${Math.round(h * 0.46)} ${Math.round(w / 60)},${Math.round(h * 0.07)} 0,360`);
  }
  c.runners.forEach((r, i) => {
    const cx = Math.round((w * (i + 0.5)) / n);
    const torsoW = Math.round(h * 0.22);
    const torsoH = Math.round(h * 0.27);
    const top = Math.round(h * 0.3);
    const shirt = c.shirt ?? ['#d7263d', '#1b998b', '#3a86ff'][i % 3];
    args.push('-fill', '#1f2937', '-stroke', '#1f2937', '-strokewidth', String(Math.round(torsoW * 0.25)),
      '-draw', `line ${cx - torsoW * 0.2},${top + torsoH} ${cx - torsoW * 0.4},${Math.round(h * 0.95)}`,
      '-draw', `line ${cx + torsoW * 0.2},${top + torsoH} ${cx + torsoW * 0.35},${Math.round(h * 0.95)}`, '-stroke', 'none',
      '-fill', '#e0ac69', '-draw', `circle ${cx},${top - h * 0.06} ${cx + h * 0.055},${top - h * 0.06}`,
      '-fill', shirt, '-draw', `roundrectangle ${cx - torsoW / 2},${top} ${cx + torsoW / 2},${top + torsoH} 20,20`);
    const fs = Math.round(Math.min((torsoW * 0.95) / (r.text.length * 0.72 + 0.6), torsoH * 0.4));
    const off = (v) => (v < 0 ? String(v) : `+${v}`);
    // Centred on the chest (gravity center: a rotated bib's larger canvas stays centred).
    args.push(...bibArgs(r, fs), '-gravity', 'center', '-geometry', `${off(Math.round(cx - w / 2))}${off(Math.round(top + torsoH * 0.42 - h / 2))}`, '-composite');
  });
  if (c.blur) args.push('-motion-blur', c.blur);
  args.push('-quality', '88', 'jpg:-');
  return args;
}

/** Draws a case: { name, bytes, finds } (finds: the numbers a runner types). */
export function drawHard(c) {
  return new Promise((resolve, reject) => {
    execFile('convert', hardArgs(c), { encoding: 'buffer', maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`ImageMagick could not draw "${c.name}": ${stderr || err.message}`));
      else resolve({ name: c.name, w: c.w, bytes: stdout, finds: c.runners.map((r) => r.find) });
    });
  });
}
