// node scripts/readme-screenshot.mjs [out.png]: writes docs/screenshot.png (needs npm run build:h5): the demo on a phone (WeChat UA, 390x844) beside a desktop (1366x844, scrolled to the photos).
import { createRequire } from 'node:module';
import { startServer } from './lib/server.mjs';

const req = createRequire(import.meta.url);
const { chromium } = req('playwright-core');
const sharp = req('sharp');
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const server = await startServer({});
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const shot = async (opts, scroll) => {
    const c = await b.newContext(opts);
    const p = await c.newPage();
    await p.goto(server.demoUrl, { waitUntil: 'networkidle' });
    await p.waitForTimeout(1200);
    if (scroll) {
      await p.evaluate((y) => { const el = document.querySelector('.taro_page') || document.scrollingElement; el.scrollTop = y; }, scroll);
      await p.waitForTimeout(1500);
      await p.waitForLoadState('networkidle');
      await p.waitForTimeout(1200);
    }
    const buf = await p.screenshot();
    await c.close();
    return buf;
  };
  const phone = await shot({ viewport: { width: 390, height: 844 }, userAgent: UA, isMobile: true, hasTouch: true, deviceScaleFactor: 1 }, 0);
  const desk = await shot({ viewport: { width: 1366, height: 844 }, deviceScaleFactor: 1 }, 1040);
  const gap = 24, pad = 20;
  const W = pad + 390 + gap + 1366 + pad, H = pad + 844 + pad;
  const whole = await sharp({ create: { width: W, height: H, channels: 3, background: '#e9eef1' } })
    .composite([{ input: phone, left: pad, top: pad }, { input: desk, left: pad + 390 + gap, top: pad }])
    .png()
    .toBuffer();
  await sharp(whole)
    .resize({ width: 1400 })
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toFile(process.argv[2] || 'docs/screenshot.png');
  console.log('written');
} finally { await b.close(); await server.stop(); }
