// A language switch must re-render every mounted component that shows
// dictionary text. The locale is a MobX observable (src/i18n), so every React
// component whose render calls t() (or another i18n reader) must be an
// observer: this walks src/**/*.tsx with the TypeScript compiler and names the
// components that read the dictionary without being wrapped in observer().
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.join(__dirname, '../../src');
const I18N_READERS = new Set(['t', 'tn', 'relativeWords']);

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(p);
    return e.name.endsWith('.tsx') ? [p] : [];
  });
}

type Fn = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction;

/** Whether the function's own body (not nested functions) calls an i18n reader. */
function readsI18n(fn: Fn): boolean {
  let found = false;
  const visit = (n: ts.Node, depth: number) => {
    if (found) return;
    if (depth > 0 && (ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n))) {
      // Callbacks inside render (map, onClick) run during render too when they are JSX-producing
      // maps; count map/filter callbacks, skip event handlers (on* props) and effects.
      const parent = n.parent;
      const isHandler = ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent) && /^on[A-Z]/.test(parent.parent.name.getText());
      const isHook = ts.isCallExpression(parent) && /^use[A-Z]/.test(parent.expression.getText());
      if (isHandler || isHook) return;
    }
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && I18N_READERS.has(n.expression.text)) {
      found = true;
      return;
    }
    ts.forEachChild(n, (c) => visit(c, depth + 1));
  };
  if (fn.body) visit(fn.body, 0);
  return found;
}

function componentName(fn: Fn): string | null {
  if (fn.name && /^[A-Z]/.test(fn.name.text)) return fn.name.text;
  const p = fn.parent;
  if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name) && /^[A-Z]/.test(p.name.text)) return p.name.text;
  return null;
}

function isObserverCall(n: ts.Node): boolean {
  return ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'observer';
}

/** Components (capitalised functions) in a file that call t() in render but are not observers. */
function unobserved(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const wrapped = new Set<string>();
  const candidates: { name: string; fn: Fn }[] = [];
  const visit = (n: ts.Node) => {
    if (isObserverCall(n)) {
      const arg = (n as ts.CallExpression).arguments[0];
      if (arg && ts.isIdentifier(arg)) wrapped.add(arg.text);
    }
    if (ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n)) {
      const name = componentName(n);
      if (name) {
        const inObserver = isObserverCall(n.parent);
        if (inObserver) wrapped.add(name);
        candidates.push({ name, fn: n });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return candidates.filter((c) => !wrapped.has(c.name) && readsI18n(c.fn)).map((c) => c.name);
}

describe('every component that shows dictionary text follows the language', () => {
  const files = tsxFiles(SRC);

  it('finds components to check', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('wraps each component that calls t() in observer()', () => {
    const offenders = files.flatMap((f) => unobserved(f).map((name) => `${path.relative(SRC, f)}: ${name}`));
    expect(offenders).toEqual([]);
  });

  it('the check itself catches a plain component that calls t()', () => {
    const tmp = path.join(__dirname, '../../.tmp/i18n-observer-probe.tsx');
    fs.mkdirSync(path.dirname(tmp), { recursive: true });
    fs.writeFileSync(tmp, "export function Plain() { return <b>{t('nav.my')}</b>; }\nconst Ok = observer(function Ok() { return <b>{t('nav.my')}</b>; });\n");
    try {
      expect(unobserved(tmp)).toEqual(['Plain']);
    } finally {
      fs.rmSync(tmp);
    }
  });
});
