// Makes docs/screenshot.png: the demo on a phone (WeChat UA) beside the desktop view.
// Usage: node scripts/dev/readme-shot.mjs http://localhost:8080/g/demo2026
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const url = process.argv[2] ?? 'http://localhost:8080/g/demo2026';
const WX = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
async function shot(opts, scroll) {
  const ctx = await b.newContext(opts);
  const p = await ctx.newPage();
  await p.goto(url);
  await p.waitForTimeout(3000);
  if (scroll) {
    await p.mouse.wheel(0, scroll);
    await p.waitForTimeout(2000);
  }
  const png = await p.screenshot();
  await ctx.close();
  return png;
}
const phone = await shot({ viewport: { width: 375, height: 812 }, userAgent: WX, isMobile: true, hasTouch: true, deviceScaleFactor: 1 }, 0);
const desktop = await shot({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 }, 620);
await b.close();
const H = 812;
const d = await sharp(desktop).resize({ height: H }).toBuffer();
const dMeta = await sharp(d).metadata();
const gap = 24;
const sheet = await sharp({ create: { width: 375 + gap + dMeta.width + 2 * gap, height: H + 2 * gap, channels: 3, background: '#e9eef0' } })
  .composite([
    { input: phone, left: gap, top: gap },
    { input: d, left: 375 + 2 * gap, top: gap }
  ])
  .png()
  .toBuffer();
await sharp(sheet)
  .resize({ width: 1400 })
  .png({ palette: true, quality: 85 })
  .toFile('docs/screenshot.png');
console.log('docs/screenshot.png written');
