import { act, fireEvent, waitFor } from '@testing-library/react';
import { PageRenderer } from '../../src/page-components/PageRenderer';
import { fetchContent } from '../../src/api/content';
import { openLink } from '../../src/platform/navigate';
import { imageUrl } from '../../src/utils/image';
import { MODAL_AUTO_INTERVAL_MS } from '../../src/stores/links/ModalImageStore';
import type { PageComponent } from '../../types/page';
import { byTestId, makeGallery, makeRoot, renderWith } from './helpers';

jest.mock('../../src/api/content', () => ({ fetchContent: jest.fn() }));
jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openLink: jest.fn() }));

const hash = (c: string) => c.repeat(64);
const gallery = makeGallery({ id: 42, link_id: 'child001', parent: 7, parent_link_id: 'event001' });
const page = (components: PageComponent[]) => <PageRenderer pagedata={{ components }} context={{ gallery, children: [] }} />;
/** What the block hands to the platform: the mini-program's rich-text nodes, or the H5 block's HTML. */
const richNodes = (el: HTMLElement) => {
  const rt = el.querySelector('taro-rich-text-core') as (HTMLElement & { nodes?: unknown }) | null;
  if (rt) return rt.nodes;
  // (the test runtime's View is a web component that leaves an empty comment first)
  return el.querySelector('.richtext__body')?.innerHTML.replace(/<!---->/g, '');
};

beforeEach(() => {
  jest.mocked(fetchContent).mockReset();
  jest.mocked(openLink).mockClear();
});

describe('richtext and liverich', () => {
  it('shows nothing without a hash, a placeholder while loading, then the cleaned HTML in rich-text (pictures fitted to the width)', async () => {
    let resolve!: (c: { hash: string; html: string }) => void;
    jest.mocked(fetchContent).mockReturnValue(new Promise((r) => (resolve = r)));
    const { container } = renderWith(
      page([
        { id: 'r0', type: 'richtext', props: {} },
        { id: 'r1', type: 'richtext', props: { hash: hash('a') } },
        { id: 'r2', type: 'liverich', props: { hash: hash('a') } }
      ])
    );
    expect(byTestId(container, 'richtext-loading')).toHaveLength(2);
    // Both blocks name one content: it is fetched once.
    expect(fetchContent).toHaveBeenCalledTimes(1);
    expect(fetchContent).toHaveBeenCalledWith(hash('a'));
    await act(async () => resolve({ hash: hash('a'), html: '<p>Doors <strong>09:00</strong></p><img src="https://cdn.example/m.jpg">' }));
    expect(byTestId(container, 'richtext')).toHaveLength(2);
    expect(richNodes(byTestId(container, 'richtext')[0])).toBe(
      '<p>Doors <strong>09:00</strong></p><img style="max-width:100%;height:auto;display:block" src="https://cdn.example/m.jpg">'
    );
  });

  it('a failed fetch says so and a tap retries', async () => {
    jest.mocked(fetchContent).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ hash: hash('b'), html: '<p>Back</p>' });
    const { container } = renderWith(page([{ id: 'r', type: 'richtext', props: { hash: hash('b') } }]));
    await waitFor(() => expect(byTestId(container, 'richtext-error')).toHaveLength(1));
    expect(byTestId(container, 'richtext-error')[0].textContent).toContain('Could not load');
    fireEvent.click(byTestId(container, 'richtext-error')[0]);
    await waitFor(() => expect(byTestId(container, 'richtext')).toHaveLength(1));
    expect(richNodes(container)).toBe('<p>Back</p>');
  });
});

describe('image and image_bottom', () => {
  const items = [{ image: hash('1') }, { image: hash('2'), link: { type: 'gallery' as const, link_id: 'other01' } }, { image: hash('3') }];

  it('lays pictures out in the configured columns (1 to 4), each linking where configured', () => {
    const { container } = renderWith(
      page([
        { id: 'i1', type: 'image', props: { items, columns: 3 } },
        { id: 'i2', type: 'image', props: { items: items.slice(0, 1) } },
        { id: 'i3', type: 'image', props: { items, columns: 9 } },
        { id: 'i4', type: 'image', props: { items: [] } }
      ])
    );
    const blocks = byTestId(container, 'image-block');
    expect(blocks.map((b) => b.getAttribute('data-columns'))).toEqual(['3', '1', '4']);
    const cells = byTestId(blocks[0], 'image-block-cell');
    expect(cells.map((c) => c.style.width)).toEqual(['33.333333333333336%', '33.333333333333336%', '33.333333333333336%']);
    const srcs = Array.from(blocks[1].querySelectorAll('taro-image-core')).map((i) => i.getAttribute('src'));
    expect(srcs).toEqual([imageUrl(hash('1'), 'wx_750_n', 42)]);
    fireEvent.click(cells[1]);
    expect(openLink).toHaveBeenCalledWith(items[1].link, { homeLinkId: 'event001' });
    fireEvent.click(cells[0]);
    expect(openLink).toHaveBeenCalledTimes(1);
  });

  it('image_bottom is docked to the bottom of the screen', () => {
    const { container } = renderWith(page([{ id: 'b', type: 'image_bottom', props: { items: items.slice(0, 1) } }]));
    expect(byTestId(container, 'image-bottom')).toHaveLength(1);
    expect(byTestId(byTestId(container, 'image-bottom')[0], 'image-block-cell')).toHaveLength(1);
  });

  it('a modal-image link opens the picture in a modal; a tap on it follows its own link; × closes', () => {
    const link = { type: 'modal-image' as const, modalcontent: hash('m'), modallink: { type: 'home' as const } };
    const { container } = renderWith(page([{ id: 'i', type: 'image', props: { items: [{ image: hash('1'), link }] } }]));
    expect(byTestId(container, 'modal-image')).toHaveLength(0);
    fireEvent.click(byTestId(container, 'image-block-cell')[0]);
    expect(byTestId(container, 'modal-image')).toHaveLength(1);
    expect(byTestId(container, 'modal-image-picture')[0].querySelector('taro-image-core')!.getAttribute('src')).toBe(imageUrl(hash('m'), 'wx_750_n', 42));
    fireEvent.click(byTestId(container, 'modal-image-close')[0]);
    expect(byTestId(container, 'modal-image')).toHaveLength(0);
    fireEvent.click(byTestId(container, 'image-block-cell')[0]);
    fireEvent.click(byTestId(container, 'modal-image-picture')[0]);
    expect(byTestId(container, 'modal-image')).toHaveLength(0);
    // home: the event's own top page (the parent), not the demo.
    expect(openLink).toHaveBeenCalledWith({ type: 'home' }, { homeLinkId: 'event001' });
  });

  it('a modalauto image opens by itself once, then not again for 24 h on this device', () => {
    const link = { type: 'modal-image' as const, modalcontent: hash('m'), modalauto: true };
    const comps: PageComponent[] = [{ id: 't', type: 'tips', props: { text: 'Welcome', link } }];
    const root = makeRoot();
    const first = renderWith(page(comps), root);
    expect(byTestId(first.container, 'modal-image')).toHaveLength(1);
    fireEvent.click(byTestId(first.container, 'modal-image-close')[0]);
    first.unmount();
    const again = renderWith(page(comps), root);
    expect(byTestId(again.container, 'modal-image')).toHaveLength(0);
    // The tips banner still opens it on a tap.
    fireEvent.click(byTestId(again.container, 'tips')[0]);
    expect(byTestId(again.container, 'modal-image')).toHaveLength(1);
    again.unmount();
    // 24 h later (the stored expiry passed) it opens by itself again.
    const now = Date.now();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(now + MODAL_AUTO_INTERVAL_MS + 1000);
    const later = renderWith(page(comps), root);
    expect(byTestId(later.container, 'modal-image')).toHaveLength(1);
    spy.mockRestore();
  });
});

describe('collapse and empty', () => {
  const tips = (text: string): PageComponent => ({ id: `t-${text}`, type: 'tips', props: { text } });

  it('collapse: titles; folds marked expand start open; a tap opens and closes a fold with its child components', () => {
    const { container } = renderWith(
      page([
        {
          id: 'c',
          type: 'collapse',
          props: { items: [{ title: 'Parking', expand: true, children: [tips('Lot B')] }, { title: 'Wi-Fi', children: [tips('guest / 2026')] }] }
        }
      ])
    );
    const heads = byTestId(container, 'collapse-head');
    expect(heads.map((h) => h.textContent)).toEqual(['Parking', 'Wi-Fi']);
    expect(byTestId(container, 'tips-text').map((t) => t.textContent)).toEqual(['Lot B']);
    fireEvent.click(heads[1]);
    expect(byTestId(container, 'tips-text').map((t) => t.textContent)).toEqual(['Lot B', 'guest / 2026']);
    fireEvent.click(heads[0]);
    expect(byTestId(container, 'tips-text').map((t) => t.textContent)).toEqual(['guest / 2026']);
    expect(byTestId(container, 'collapse-item').map((i) => i.getAttribute('data-open'))).toEqual(['0', '1']);
  });

  it('empty: a row or a column of child components; unknown children render nothing; nesting is bounded', () => {
    const deep = (n: number): PageComponent => (n === 0 ? tips('deepest') : { id: `e${n}`, type: 'empty', props: { children: [deep(n - 1)] } });
    const { container } = renderWith(
      page([
        { id: 'row', type: 'empty', props: { direction: 'row', children: [tips('left'), { id: 'x', type: 'no-such-type' }, tips('right')] } },
        { id: 'col', type: 'empty', props: { children: [tips('top')] } },
        deep(8)
      ])
    );
    const boxes = byTestId(container, 'empty-box');
    expect(boxes[0].getAttribute('data-direction')).toBe('row');
    expect(byTestId(boxes[0], 'tips-text').map((t) => t.textContent)).toEqual(['left', 'right']);
    expect(boxes[1].getAttribute('data-direction')).toBe('column');
    expect(byTestId(container, 'tips-text').map((t) => t.textContent)).toEqual(['left', 'right', 'top']);
  });
});
