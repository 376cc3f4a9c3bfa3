// Dev helper: screenshots of a URL at phone (WeChat UA) and desktop size. Usage: node scripts/dev/screens.mjs URL OUTPREFIX [scrollY]
import { chromium } from 'playwright-core';
const [url, out = '/tmp/shot', scroll = '0'] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const WX = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
for (const [name, opts] of [['phone', { viewport: { width: 375, height: 812 }, userAgent: WX, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }], ['desktop', { viewport: { width: 1280, height: 800 } }]]) {
  const ctx = await b.newContext(opts);
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.log(name, 'pageerror', e.message));
  p.on('console', (m) => { if (m.type() === 'error') console.log(name, 'console', m.text()); });
  await p.goto(url);
  await p.waitForTimeout(2500);
  if (+scroll) { await p.mouse.wheel(0, +scroll); await p.waitForTimeout(1500); }
  await p.screenshot({ path: `${out}-${name}.png` });
  console.log(name, await p.evaluate(() => document.querySelectorAll('[data-testid=photo-item]').length), 'photo items');
  await ctx.close();
}
await b.close();
