/**
 * The declared calls as the app ships them: every types/api contract, bundled
 * with the app's `typebox` stand-in (types/api/typebox-client.ts, as the Taro
 * build aliases it), loads in a bare JavaScript engine with nothing but the
 * language (no TextEncoder, no window: like the mini-program's), and every call
 * keeps its method and path.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { buildSync } from 'esbuild';

const root = path.resolve(__dirname, '../..');
const apiDir = path.join(root, 'types/api');
const modules = fs.readdirSync(apiDir).filter((f) => f.endsWith('.ts') && f !== 'typebox-client.ts');

function bundle(alias: boolean): string {
  const entry = modules.map((f, i) => `import * as m${i} from './${f.replace(/\.ts$/, '')}';`).join('\n') + `\nglobalThis.contracts = [${modules.map((_, i) => `m${i}`).join(', ')}];`;
  const out = buildSync({
    stdin: { contents: entry, resolveDir: apiDir, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    alias: alias ? { typebox: path.join(apiDir, 'typebox-client.ts') } : {},
    logLevel: 'silent'
  });
  return out.outputFiles![0].text;
}

function run(code: string): { contracts: Record<string, unknown>[] } {
  const sandbox: Record<string, unknown> = {};
  vm.createContext(sandbox);
  vm.runInContext(code, sandbox);
  return sandbox as unknown as { contracts: Record<string, unknown>[] };
}

interface CallLike {
  method: string;
  path: string;
}
const isCall = (v: unknown): v is CallLike => !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'schema' in v;

describe('declared calls in a bare engine', () => {
  it('load with the app stand-in and keep every method and path', () => {
    const { contracts } = run(bundle(true));
    const calls: CallLike[] = [];
    for (const m of contracts) {
      for (const value of Object.values(m)) {
        if (value && typeof value === 'object') for (const c of Object.values(value)) if (isCall(c)) calls.push(c);
      }
    }
    expect(calls.length).toBeGreaterThanOrEqual(5);
    for (const c of calls) {
      expect(['GET', 'POST']).toContain(c.method);
      expect(c.path).toMatch(/^\//);
    }
    expect(calls.map((c) => c.path)).toContain('/api/v2/images/:galleryid/list');
  });

  it('loads the page definitions with the stand-in, and they give every type its defaults', () => {
    const out = buildSync({
      stdin: { contents: "import { PAGE_COMPONENT_DEFAULTS } from './index';\nglobalThis.defaults = PAGE_COMPONENT_DEFAULTS;", resolveDir: path.join(root, 'types/page'), loader: 'ts' },
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      alias: { typebox: path.join(apiDir, 'typebox-client.ts') },
      logLevel: 'silent'
    });
    const sandbox = run(out.outputFiles![0].text) as unknown as { defaults: Record<string, unknown> };
    expect(Object.keys(sandbox.defaults)).toEqual(expect.arrayContaining(['photo', 'slidehead', 'tips', 'pendent', 'gallery', 'gallerygroup', 'navigator']));
    expect(JSON.parse(JSON.stringify(sandbox.defaults.photo))).toEqual({ gallery_id: 0, mode: '2', show_tags: true });
  });

  it('would not load with the real TypeBox (why the app bundles the stand-in)', () => {
    expect(() => run(bundle(false))).toThrow(/TextEncoder/);
  });
});
