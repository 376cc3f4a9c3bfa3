// The formocr page component (issue 14, text-in-photo search) in H5 and (TARO_ENV_JEST=weapp)
// the mini-program branch: taro-ui's search bar, submitting opens the full-screen result
// overlay, items with trash above 0 are hidden, a tap opens the page's viewer on the results,
// more results load on demand, an empty state, and the texts in both languages; "maybe yours"
// (issue 27): photos whose number reads close to the typed one, apart from and below the exact ones.
import { act, fireEvent, waitFor } from '@testing-library/react';
import FormOcr from '../../src/page-components/formocr';
import { searchOcr } from '../../src/api/ocr';
import { FORMOCR_DEFAULTS } from '../../types/page/formocr';
import { DEFAULT_THEME } from '../../types/api/gallery';
import type { OcrSearchResult } from '../../types/api/ocr';
import { byTestId, makeGallery, makePhoto, makeRoot, renderWith } from './helpers';

jest.mock('../../src/api/ocr');
// The indexing line has its own test (indexing-note.test.tsx): here it reads nothing.
jest.mock('../../src/api/indexing');

const gallery = makeGallery();
const ctx = { gallery, children: [], theme: DEFAULT_THEME };

function answer(ids: number[], total: number, offset = 0, trashed: number[] = [], maybeIds: number[] = []): OcrSearchResult {
  const photo = (id: number) => ({ ...makePhoto(id, gallery.id), trash: trashed.includes(id) ? 1 : 0 });
  const items = ids.map(photo);
  const next = offset + items.length;
  return { items, maybe: maybeIds.map(photo), total, pagedata: { offset, page_size: 30, next_offset: next, has_more: next < total } };
}

/** Types into the search bar's input and submits with its action button. */
function search(container: HTMLElement, keyword: string) {
  const input = container.querySelector('.at-search-bar__input input, input.at-search-bar__input, .at-search-bar__input') as HTMLInputElement;
  expect(input).toBeTruthy();
  act(() => {
    input.dispatchEvent(new CustomEvent('input', { detail: { value: keyword }, bubbles: true }));
  });
  const action = container.querySelector('.at-search-bar__action') as HTMLElement;
  act(() => {
    fireEvent.click(action);
  });
}

beforeEach(() => jest.mocked(searchOcr).mockReset());

describe('formocr', () => {
  it('renders the search box with its defaults and nothing else', () => {
    const r = renderWith(<FormOcr id="o1" props={FORMOCR_DEFAULTS} ctx={ctx} />);
    expect(byTestId(r.container, 'formocr-box')).toHaveLength(1);
    expect(r.container.textContent).toContain('Enter your bib number');
    expect(r.container.textContent).toContain('Search');
    expect(byTestId(r.container, 'formocr-overlay')).toHaveLength(0);
  });

  it('a bib number opens the overlay with the photos found; trashed items are hidden; a tap opens the viewer', async () => {
    jest.mocked(searchOcr).mockResolvedValue(answer([11, 12, 13], 3, 0, [12]));
    const r = renderWith(<FormOcr id="o1" props={{ ...FORMOCR_DEFAULTS, title: 'Find your photos' }} ctx={ctx} />);
    expect(r.container.textContent).toContain('Find your photos');
    search(r.container, ' 4821 ');
    await waitFor(() => expect(byTestId(r.container, 'formocr-photo')).toHaveLength(2));
    expect(jest.mocked(searchOcr)).toHaveBeenCalledWith(gallery.id, '4821', 0);
    expect(byTestId(r.container, 'formocr-photo').map((e) => e.dataset.id)).toEqual(['11', '13']);
    expect(byTestId(r.container, 'formocr-keyword')[0].textContent).toBe('Photos with “4821”');
    expect(byTestId(r.container, 'formocr-count')[0].textContent).toBe('2 photos found');
    act(() => {
      fireEvent.click(byTestId(r.container, 'formocr-photo')[1]);
    });
    expect(r.page.viewer.isOpen).toBe(true);
    expect(r.page.viewer.current?.id).toBe(13);
    act(() => r.page.viewer.close());
    act(() => {
      fireEvent.click(byTestId(r.container, 'formocr-close')[0]);
    });
    expect(byTestId(r.container, 'formocr-overlay')).toHaveLength(0);
  });

  it('searches the configured gallery and loads more on demand', async () => {
    jest.mocked(searchOcr).mockImplementation(async (_g, _k, offset = 0) =>
      offset ? answer([40, 41], 32, 30) : answer(Array.from({ length: 30 }, (_, i) => i + 1), 32));
    const r = renderWith(<FormOcr id="o1" props={{ ...FORMOCR_DEFAULTS, gallery_id: 777 }} ctx={ctx} />);
    search(r.container, '12');
    await waitFor(() => expect(byTestId(r.container, 'formocr-photo')).toHaveLength(30));
    expect(jest.mocked(searchOcr)).toHaveBeenCalledWith(777, '12', 0);
    act(() => {
      fireEvent.click(byTestId(r.container, 'formocr-more')[0]);
    });
    await waitFor(() => expect(byTestId(r.container, 'formocr-photo')).toHaveLength(32));
    expect(byTestId(r.container, 'formocr-more')).toHaveLength(0);
  });

  it('shows the empty state, in Chinese by default', async () => {
    jest.mocked(searchOcr).mockResolvedValue(answer([], 0));
    const r = renderWith(<FormOcr id="o1" props={FORMOCR_DEFAULTS} ctx={ctx} />, makeRoot('zh-CN'));
    expect(r.container.textContent).toContain('输入号码布号码');
    search(r.container, '9999');
    await waitFor(() => expect(byTestId(r.container, 'formocr-empty')).toHaveLength(1));
    expect(r.container.textContent).toContain('暂无含此文字的照片');
    expect(byTestId(r.container, 'formocr-photo')).toHaveLength(0);
  });

  it('an empty keyword opens nothing', () => {
    const r = renderWith(<FormOcr id="o1" props={FORMOCR_DEFAULTS} ctx={ctx} />);
    search(r.container, '   ');
    expect(byTestId(r.container, 'formocr-overlay')).toHaveLength(0);
    expect(jest.mocked(searchOcr)).not.toHaveBeenCalled();
  });

  it('"maybe yours" shows apart, below the exact photos; a tap opens the viewer on them alone', async () => {
    jest.mocked(searchOcr).mockResolvedValue(answer([11, 12], 2, 0, [], [21, 22, 23]));
    const r = renderWith(<FormOcr id="o1" props={FORMOCR_DEFAULTS} ctx={ctx} />);
    search(r.container, '77015');
    await waitFor(() => expect(byTestId(r.container, 'formocr-maybe-photo')).toHaveLength(3));
    expect(byTestId(r.container, 'formocr-photo').map((e) => e.dataset.id)).toEqual(['11', '12']);
    const section = byTestId(r.container, 'formocr-maybe')[0];
    expect(section.textContent).toContain('Maybe yours: 3 photos');
    expect(section.textContent).toContain('one digit differs');
    // Exact photos are not in the section, and the section comes after them.
    expect(section.querySelectorAll('[data-testid="formocr-photo"]')).toHaveLength(0);
    const exact = byTestId(r.container, 'formocr-photo')[1];
    expect(exact.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    act(() => {
      fireEvent.click(byTestId(r.container, 'formocr-maybe-photo')[2]);
    });
    expect(r.page.viewer.isOpen).toBe(true);
    expect(r.page.viewer.current?.id).toBe(23);
  });

  it('only "maybe yours" found: no empty state, a line saying no exact match, in Chinese by default', async () => {
    jest.mocked(searchOcr).mockResolvedValue(answer([], 0, 0, [31], [30, 31]));
    const r = renderWith(<FormOcr id="o1" props={FORMOCR_DEFAULTS} ctx={ctx} />, makeRoot('zh-CN'));
    search(r.container, '2468');
    await waitFor(() => expect(byTestId(r.container, 'formocr-maybe-photo')).toHaveLength(1));
    expect(byTestId(r.container, 'formocr-maybe-photo')[0].dataset.id).toBe('30');
    expect(byTestId(r.container, 'formocr-empty')).toHaveLength(0);
    expect(byTestId(r.container, 'formocr-no-exact')[0].textContent).toBe('没有号码完全相同的照片');
    expect(byTestId(r.container, 'formocr-maybe')[0].textContent).toContain('可能是你：1 张照片');
  });

  it('no "maybe yours" section when there is none', async () => {
    jest.mocked(searchOcr).mockResolvedValue(answer([11], 1));
    const r = renderWith(<FormOcr id="o1" props={FORMOCR_DEFAULTS} ctx={ctx} />);
    search(r.container, '4821');
    await waitFor(() => expect(byTestId(r.container, 'formocr-photo')).toHaveLength(1));
    expect(byTestId(r.container, 'formocr-maybe')).toHaveLength(0);
  });
});
