import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const p = await b.newPage();
p.on('console', m => console.log('console', m.text()));
p.on('pageerror', e => console.log('pageerror', e.message));
for (const u of process.argv.slice(2)) { await p.goto('http://127.0.0.1:5055'+u); await p.waitForTimeout(1500); console.log(u, '=>', await p.evaluate(()=>document.body.innerText), p.url()); }
await b.close();
