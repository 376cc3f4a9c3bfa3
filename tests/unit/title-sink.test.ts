// Issue 26, finding 1: page titles reach the screen as text. Taro's H5
// setNavigationBarTitle writes its argument with innerHTML, so src/platform/title.ts is
// the one reviewed module that sets a title; nothing else in src/ calls Taro's
// setNavigationBarTitle or writes document.title.
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.join(__dirname, '../../src');
const OWNER = path.join(SRC, 'platform/title.ts');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

const SINKS = [/setNavigationBarTitle/, /document\s*\.\s*title\s*=[^=]/, /\.titleElement\b/];

describe('the page title has one owner', () => {
  it('no file but platform/title.ts sets a title', () => {
    const offenders = sources(SRC)
      .filter((f) => f !== OWNER)
      .flatMap((f) => {
        const text = fs.readFileSync(f, 'utf8');
        return SINKS.filter((re) => re.test(text)).map((re) => `${path.relative(SRC, f)} (${re.source})`);
      });
    expect(offenders).toEqual([]);
  });

  it('the owner writes document.title in browsers and hands Taro the title only outside H5', () => {
    const text = fs.readFileSync(OWNER, 'utf8');
    expect(text).toMatch(/document\.title = title/);
    // The only Taro call comes after the H5 branch has returned.
    const h5 = text.indexOf("process.env.TARO_ENV === 'h5'");
    const taro = text.indexOf('Taro.setNavigationBarTitle(');
    expect(h5).toBeGreaterThan(-1);
    expect(taro).toBeGreaterThan(h5);
  });
});
