// How far indexing has got, where visitors search (issue 27 item 5), in H5 and (TARO_ENV_JEST=weapp)
// the mini-program branch: the face dialog says "Indexing photos… 123 of 456" while the gallery's
// faces are still being indexed, moves as it polls, and says nothing once complete; the bib
// search says the same of bibs; both languages; polling stops when the dialog goes away.
import { act, waitFor } from '@testing-library/react';
import FaceDialog from '../../src/components/face-dialog';
import FormOcr from '../../src/page-components/formocr';
import { fetchIndexing } from '../../src/api/indexing';
import { FORMOCR_DEFAULTS } from '../../types/page/formocr';
import { DEFAULT_THEME } from '../../types/api/gallery';
import { INDEXING_POLL_MS, type VisitorIndexing } from '../../types/api/indexing';
import { byTestId, makeGallery, makeRoot, renderWith } from './helpers';

jest.mock('../../src/api/indexing');
jest.mock('../../src/api/face');
jest.mock('../../src/api/ocr');

const progress = (faces: [number, number] | null, bibs: [number, number] | null = null): VisitorIndexing => ({
  faces: faces && { done: faces[0], total: faces[1] },
  bibs: bibs && { done: bibs[0], total: bibs[1] },
  complete: (!faces || faces[0] >= faces[1]) && (!bibs || bibs[0] >= bibs[1])
});

const note = (el: HTMLElement) => byTestId(el, 'indexing-note')[0]?.textContent ?? null;

beforeEach(() => {
  jest.useRealTimers();
  jest.mocked(fetchIndexing).mockReset();
});
afterEach(() => jest.useRealTimers());

describe('the face dialog says how far face indexing has got', () => {
  it('shows the counts while incomplete, follows them, and hides when complete', async () => {
    jest.useFakeTimers();
    jest.mocked(fetchIndexing).mockResolvedValueOnce(progress([123, 456])).mockResolvedValueOnce(progress([300, 456])).mockResolvedValue(progress([456, 456]));
    const r = renderWith(<FaceDialog request={{ mode: 'findPeople', galleryId: 7 }} onClose={() => undefined} />);
    await waitFor(() => expect(note(r.container)).toBe('Indexing photos… 123 of 456'));
    expect(jest.mocked(fetchIndexing)).toHaveBeenCalledWith(7);
    await act(async () => {
      jest.advanceTimersByTime(INDEXING_POLL_MS);
    });
    await waitFor(() => expect(note(r.container)).toBe('Indexing photos… 300 of 456'));
    await act(async () => {
      jest.advanceTimersByTime(INDEXING_POLL_MS);
    });
    await waitFor(() => expect(note(r.container)).toBeNull());
    // Complete: it stops asking.
    await act(async () => {
      jest.advanceTimersByTime(INDEXING_POLL_MS * 3);
    });
    expect(jest.mocked(fetchIndexing)).toHaveBeenCalledTimes(3);
  });

  it('says nothing for a gallery already indexed, and stops asking when the dialog closes', async () => {
    jest.mocked(fetchIndexing).mockResolvedValue(progress([10, 10]));
    const done = renderWith(<FaceDialog request={{ mode: 'findPeople', galleryId: 7 }} onClose={() => undefined} />);
    await waitFor(() => expect(jest.mocked(fetchIndexing)).toHaveBeenCalled());
    await act(async () => undefined);
    expect(note(done.container)).toBeNull();
    done.unmount();

    jest.useFakeTimers();
    jest.mocked(fetchIndexing).mockReset().mockResolvedValue(progress([1, 9]));
    const open = renderWith(<FaceDialog request={{ mode: 'findPeople', galleryId: 8 }} onClose={() => undefined} />);
    await waitFor(() => expect(note(open.container)).toBe('Indexing photos… 1 of 9'));
    open.unmount();
    await act(async () => {
      jest.advanceTimersByTime(INDEXING_POLL_MS * 3);
    });
    expect(jest.mocked(fetchIndexing)).toHaveBeenCalledTimes(1);
  });

  it('in Chinese, and not for renaming a buddy (no face is matched)', async () => {
    jest.mocked(fetchIndexing).mockResolvedValue(progress([5, 20]));
    const zh = renderWith(<FaceDialog request={{ mode: 'findPeople', galleryId: 7 }} onClose={() => undefined} />, makeRoot('zh-CN'));
    await waitFor(() => expect(note(zh.container)).toBe('正在识别照片… 5/20'));
    const rename = renderWith(
      <FaceDialog request={{ mode: 'editBuddy', galleryId: 7, person: { personid: 3, name: 'Ann', faceurl: '/f/3' } }} onClose={() => undefined} />
    );
    await act(async () => undefined);
    expect(note(rename.container)).toBeNull();
  });
});

describe('the bib search says how far bib reading has got', () => {
  const gallery = makeGallery();
  const ctx = { gallery, children: [], theme: DEFAULT_THEME };

  it('under the search box while bibs are being read; the face counts do not matter to it', async () => {
    jest.mocked(fetchIndexing).mockResolvedValue(progress([0, 40], [12, 40]));
    const r = renderWith(<FormOcr id="o1" props={FORMOCR_DEFAULTS} ctx={ctx} />);
    await waitFor(() => expect(note(r.container)).toBe('Indexing photos… 12 of 40'));
    expect(byTestId(r.container, 'indexing-note')[0].getAttribute('data-kind')).toBe('bibs');
    expect(jest.mocked(fetchIndexing)).toHaveBeenCalledWith(gallery.id);
  });

  it('nothing once every photo is read, nor where no bib search applies', async () => {
    jest.mocked(fetchIndexing).mockResolvedValue(progress([0, 40], [40, 40]));
    const read = renderWith(<FormOcr id="o1" props={FORMOCR_DEFAULTS} ctx={ctx} />);
    await waitFor(() => expect(jest.mocked(fetchIndexing)).toHaveBeenCalled());
    await act(async () => undefined);
    expect(note(read.container)).toBeNull();
    read.unmount();
    jest.mocked(fetchIndexing).mockResolvedValue(progress([0, 40], null));
    const none = renderWith(<FormOcr id="o1" props={FORMOCR_DEFAULTS} ctx={ctx} />);
    await act(async () => undefined);
    expect(note(none.container)).toBeNull();
  });
});
