#!/usr/bin/env node
// The one test command.
//   npm test [jest args]          unit + components + server (H5 branch), then components again with TARO_ENV_JEST=weapp
//   npm run test:e2e [jest args]  browser tests (tests/e2e, real server + headless Chromium)
// Jest's own output streams to the terminal; the last line is `N passed, N failed`, summed
// from `jest --json`. A suite that fails without producing tests (syntax error, failing hook)
// counts as a failure, and a run that executed no test at all fails, so nothing passes silently.
// Per-run totals go to .tmp/test-results/<name>.json ({ passed, failed }) for .ci/run to sum.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jestBin = path.join(root, 'node_modules/jest/bin/jest.js');
const rawDir = path.join(root, '.tmp/jest');
const resultsDir = path.join(root, '.tmp/test-results');

const argv = process.argv.slice(2);
const e2e = argv.includes('--e2e');
const extra = argv.filter((a) => a !== '--e2e');

/** @type {{ name: string, label: string, args: string[], env: Record<string, string | undefined> }[]} */
const runs = e2e
  ? [
      {
        name: 'e2e',
        label: 'browser tests (tests/e2e)',
        // One server and one browser at a time: the embedded database is single-connection.
        args: ['--config', path.join(root, 'tests/e2e/jest.config.js'), '--runInBand'],
        env: { TARO_ENV_JEST: undefined }
      }
    ]
  : [
      {
        name: 'jest',
        label: 'unit + components (H5) + server',
        args: ['--config', path.join(root, 'jest.config.js')],
        env: { TARO_ENV_JEST: undefined }
      },
      {
        name: 'jest-weapp',
        label: 'components (TARO_ENV_JEST=weapp)',
        args: ['--config', path.join(root, 'jest.config.js'), '--selectProjects', 'components'],
        env: { TARO_ENV_JEST: 'weapp' }
      }
    ];

/** Totals of one `jest --json` result; null when the file is missing or unreadable. */
function totals(file) {
  let json;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  let passed = 0;
  let failed = 0;
  const broken = [];
  for (const suite of json.testResults ?? []) {
    const results = suite.assertionResults ?? [];
    const p = results.filter((r) => r.status === 'passed').length;
    const f = results.filter((r) => r.status === 'failed').length;
    passed += p;
    failed += f;
    // A suite that failed but has no failing test: it did not run (syntax error,
    // missing module) or a hook threw. Count it once.
    if (suite.status === 'failed' && f === 0) {
      failed += 1;
      broken.push(path.relative(root, suite.name));
    }
  }
  return { passed, failed, broken, success: json.success !== false };
}

function writeResult(name, result) {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), JSON.stringify(result) + '\n');
}

let passed = 0;
let failed = 0;
const notes = [];

for (const run of runs) {
  const outFile = path.join(rawDir, `${run.name}.json`);
  fs.mkdirSync(rawDir, { recursive: true });
  fs.rmSync(outFile, { force: true });
  const env = { ...process.env };
  for (const [k, v] of Object.entries(run.env)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  console.log(`\n▶ ${run.label}`);
  const args = [jestBin, ...run.args, '--json', `--outputFile=${outFile}`, '--passWithNoTests', ...extra];
  const r = spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  const t = totals(outFile);
  let result;
  if (!t) {
    // Jest stopped before writing results (bad config, crash, signal).
    result = { passed: 0, failed: 1 };
    notes.push(`${run.name}: jest exited with ${r.status ?? r.signal} before writing results`);
  } else {
    result = { passed: t.passed, failed: t.failed };
    if (t.broken.length) notes.push(`${run.name}: suites that failed without running tests: ${t.broken.join(', ')}`);
    if ((r.status !== 0 || !t.success) && t.failed === 0) {
      result.failed = 1;
      notes.push(`${run.name}: jest exited with ${r.status ?? r.signal} although no test failed`);
    }
  }
  writeResult(run.name, result);
  passed += result.passed;
  failed += result.failed;
}

for (const n of notes) console.error(`note: ${n}`);
if (passed + failed === 0) console.error('note: no tests ran — that is a failure (check the path filter or the test folders).');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed + failed === 0 ? 1 : 0);
