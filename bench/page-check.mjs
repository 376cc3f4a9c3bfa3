#!/usr/bin/env node
// The organiser's page check (types/page/validate.ts): how long a save spends checking a page.
// Prints the median of 20 checks of a valid page of 200 components (every defined type, with
// links and wrappers) and of the same page with one problem in every component.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const { checkPageData } = await tsImport(path.join(root, 'types/page/validate.ts'), import.meta.url);

const HASH = 'ab'.repeat(32);
const link = { type: 'subgallery', value: 'abcdef12' };
const kinds = [
  { type: 'slidehead', props: { items: Array.from({ length: 20 }, () => ({ image: HASH, link })), interval: 4000 } },
  { type: 'tips', props: { text: 'Welcome to the event', link: { type: 'custom', value: 'https://example.com/' } } },
  { type: 'pendent', props: { buttons: Array.from({ length: 13 }, () => ({ type: 'custom', image: HASH, link })) } },
  { type: 'gallery', props: { ids: Array.from({ length: 200 }, (_, i) => i + 1), title: 'Albums' } },
  { type: 'photo', props: { mode: 'waterfall' } }
];
const page = (bad) => ({
  components: Array.from({ length: 200 }, (_, i) => {
    const k = kinds[i % kinds.length];
    return { id: `c${i}`, type: k.type, props: bad ? { ...k.props, oops: 1 } : k.props, wrapper: { background: '#fff', container: { margin: 8 } } };
  })
});

function median(fn) {
  const times = [];
  for (let i = 0; i < 20; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return times.sort((a, b) => a - b)[10];
}

const good = page(false);
const bad = page(true);
const kb = (v) => (Buffer.byteLength(JSON.stringify(v)) / 1024).toFixed(0);
if (checkPageData(good).length !== 0) throw new Error('the valid page was refused');
console.log(`page check, valid page of 200 components (${kb(good)} KB): ${median(() => checkPageData(good)).toFixed(1)} ms median`);
console.log(`page check, 200 components each with a problem (${checkPageData(bad).length} problems): ${median(() => checkPageData(bad)).toFixed(1)} ms median`);
