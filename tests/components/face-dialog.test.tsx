// The face dialog (issue 13, deliverables 4 and 5) in H5 and (TARO_ENV_JEST=weapp) the
// mini-program branch: its four modes, the crop editor's zoom clamp, the agreement
// tooltip, separate consent (refused consent sends nothing), the name rules, the
// friends limit, the scanning state, and refusals in a basic dialog.
import { act, fireEvent, waitFor } from '@testing-library/react';
import FaceDialog from '../../src/components/face-dialog';
import DeferredFaceDialog from '../../src/components/face-dialog/deferred';
import { FaceDialogHost, type FaceDialogRequest } from '../../src/stores/face/FaceDialogHost';
import { findPeople, followPerson, renameBuddy, updateMyFace } from '../../src/api/face';
import { chooseSelfie, renderSelfie } from '../../src/platform/selfie';
import { ApiError } from '../../src/api/client';
import { FRIENDS_MAX, type Person } from '../../types/api/face';
import { byTestId, renderWith } from './helpers';
import { makePerson } from '../unit/face-fixtures';

jest.mock('../../src/api/face');
// The dialog's indexing line has its own test (indexing-note.test.tsx): here it reads nothing.
jest.mock('../../src/api/indexing');
jest.mock('../../src/platform/selfie', () => ({
  ...jest.requireActual('../../src/platform/selfie-core'),
  chooseSelfie: jest.fn(),
  renderSelfie: jest.fn(),
  releaseSelfie: jest.fn()
}));

const SELFIE = 'data:image/jpeg;base64,/9j/AAAA';
const person = makePerson;

beforeEach(() => {
  jest.useRealTimers();
  jest.mocked(chooseSelfie).mockReset().mockResolvedValue({ src: 'blob:selfie', width: 1200, height: 900 });
  jest.mocked(renderSelfie).mockReset().mockResolvedValue(SELFIE);
  jest.mocked(findPeople).mockReset().mockResolvedValue({ success: true, data: 5, faceurl: '/f/5', code: 200, person: person(5) });
  jest.mocked(updateMyFace).mockReset().mockResolvedValue({ has_face: true, person: person(5, { status: 'self' }) });
  jest.mocked(followPerson).mockReset().mockImplementation(async (i) => person(i.personid ?? 9, { status: 'follow', name: i.name ?? '' }));
  jest.mocked(renameBuddy).mockReset().mockImplementation(async (id, name) => person(id, { status: 'follow', name }));
});

function mount(request: Partial<FaceDialogRequest> = {}) {
  const onClose = jest.fn();
  const onDone = jest.fn();
  const r = renderWith(<FaceDialog request={{ mode: 'findPeople', galleryId: 7, onDone, ...request }} onClose={onClose} />);
  const q = (id: string) => byTestId(r.container, id)[0];
  const tap = async (id: string) => {
    await act(async () => {
      fireEvent.click(q(id));
    });
  };
  /** A checkbox: its one AtCheckbox option. */
  const check = async (id: string) => {
    await act(async () => {
      fireEvent.click(q(id).querySelector('.at-checkbox__option')!);
    });
  };
  const type = (id: string, value: string) => act(() => void q(id).dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true })));
  return { ...r, q, tap, check, type, onClose, onDone };
}

const sent = () => [findPeople, updateMyFace, followPerson, renameBuddy].reduce((n, f) => n + jest.mocked(f).mock.calls.length, 0);

describe('FaceDialog', () => {
  it.each([
    ['updateInfo', 'Update my face', true, false],
    ['findPeople', 'Find my photos', true, false],
    ['editBuddy', 'Edit buddy name', false, true],
    ['followNew', 'Follow someone', true, true]
  ] as const)('%s: its title, the photo upload and the name input where the mode has them', (mode, title, upload, name) => {
    const r = mount({ mode, person: mode === 'editBuddy' ? { personid: 3, name: 'Ann', faceurl: '/f/3' } : null });
    expect(r.q('face-dialog').getAttribute('data-mode')).toBe(mode);
    expect(r.container.textContent).toContain(title);
    expect(byTestId(r.container, 'face-upload')).toHaveLength(upload ? 1 : 0);
    expect(byTestId(r.container, 'face-name')).toHaveLength(name ? 1 : 0);
    // The agreement is always there and checked by default; face consent only where a photo is sent.
    expect(r.q('face-agree').getAttribute('data-checked')).toBe('1');
    expect(byTestId(r.container, 'face-consent')).toHaveLength(upload ? 1 : 0);
    expect(byTestId(r.container, 'face-adult')).toHaveLength(upload ? 1 : 0);
    expect(byTestId(r.container, 'face-alt')).toHaveLength(mode === 'findPeople' ? 1 : 0);
  });

  it("unchecked agreement: choosing a photo shows 'Please read and agree to the agreement firstly' for 2 s", async () => {
    const r = mount();
    await r.check('face-agree');
    expect(r.q('face-agree').getAttribute('data-checked')).toBe('0');
    jest.useFakeTimers();
    await r.tap('face-upload');
    expect(chooseSelfie).not.toHaveBeenCalled();
    expect(r.q('face-tooltip').textContent).toBe('Please read and agree to the agreement firstly');
    act(() => void jest.advanceTimersByTime(1900));
    expect(byTestId(r.container, 'face-tooltip')).toHaveLength(1);
    act(() => void jest.advanceTimersByTime(200));
    expect(byTestId(r.container, 'face-tooltip')).toHaveLength(0);
    jest.useRealTimers();
    await r.check('face-agree');
    await r.tap('face-upload');
    expect(chooseSelfie).toHaveBeenCalledTimes(1);
    expect(byTestId(r.container, 'face-crop')).toHaveLength(1);
  });

  it('the crop editor zooms with the buttons and with a pinch, clamped to 1..4 in steps of 0.1', async () => {
    const r = mount();
    await r.tap('face-upload');
    const zoom = () => Number(r.q('face-zoom').getAttribute('data-zoom'));
    expect(zoom()).toBe(1);
    await r.tap('face-zoom-out');
    expect(zoom()).toBe(1);
    await r.tap('face-zoom-in');
    await r.tap('face-zoom-in');
    expect(zoom()).toBe(1.2);
    for (let i = 0; i < 40; i++) await r.tap('face-zoom-in');
    expect(zoom()).toBe(4);
    expect(r.q('face-zoom').textContent).toBe('Zoom 4.0×');
    // Two fingers closing to a tenth of their distance: back to the minimum.
    const frame = r.q('face-crop');
    const touches = (d: number) => ({ touches: [{ clientX: 100, clientY: 100 }, { clientX: 100 + d, clientY: 100 }] });
    act(() => void fireEvent.touchStart(frame, touches(200)));
    act(() => void fireEvent.touchMove(frame, touches(20)));
    expect(zoom()).toBe(1);
    act(() => void fireEvent.touchEnd(frame, { touches: [] }));
    // A new pinch from zoom 1, fingers 1.5 times as far apart.
    act(() => void fireEvent.touchStart(frame, touches(200)));
    act(() => void fireEvent.touchMove(frame, touches(300)));
    expect(zoom()).toBe(1.5);
    act(() => void fireEvent.touchEnd(frame, { touches: [] }));
  });

  it('refused consent sends nothing; with consent and age the selfie is matched and the editor closes', async () => {
    const r = mount();
    await r.tap('face-upload');
    await r.tap('face-submit');
    expect(r.q('face-hint').textContent).toBe('Please agree to face search and confirm your age first');
    await r.check('face-consent');
    await r.tap('face-submit');
    expect(renderSelfie).not.toHaveBeenCalled();
    expect(sent()).toBe(0);
    await r.check('face-adult');
    let finish!: (v: Awaited<ReturnType<typeof findPeople>>) => void;
    jest.mocked(findPeople).mockImplementationOnce(() => new Promise((res) => (finish = res)));
    await r.tap('face-submit');
    // The scanning animation runs; the buttons are gone while it does.
    await waitFor(() => expect(byTestId(r.container, 'face-scanning')).toHaveLength(1));
    expect(byTestId(r.container, 'face-submit')).toHaveLength(0);
    expect(findPeople).toHaveBeenCalledWith(7, SELFIE);
    await act(async () => finish({ success: true, data: 5, faceurl: '/f/5', code: 200, person: person(5) }));
    expect(r.onDone).toHaveBeenCalledWith(expect.objectContaining({ mode: 'findPeople', found: expect.objectContaining({ data: 5 }) }));
    expect(r.onClose).toHaveBeenCalled();
  });

  it.each([
    [422, 'No related photos'],
    [222207, 'No related photos'],
    [222202, 'No face in the picture'],
    [222304, 'Picture is too large, must be under 2M']
  ])('find-people refusal %s shows its text in a basic dialog, and the buttons return', async (code, text) => {
    jest.mocked(findPeople).mockRejectedValueOnce(new ApiError(code === 222304 ? 413 : 422, code, { code, msg: 'x', data: null }, 'x'));
    const r = mount();
    await r.tap('face-upload');
    await r.check('face-consent');
    await r.check('face-adult');
    await r.tap('face-submit');
    await waitFor(() => expect(byTestId(r.container, 'face-error')).toHaveLength(1));
    expect(r.q('face-error-text').textContent).toBe(text);
    expect(byTestId(r.container, 'face-submit')).toHaveLength(1);
    expect(r.onClose).not.toHaveBeenCalled();
    await r.tap('face-error-ok');
    expect(byTestId(r.container, 'face-error')).toHaveLength(0);
  });

  it("edit buddy name: 'Name is required', then the rename is sent without a photo", async () => {
    const r = mount({ mode: 'editBuddy', person: { personid: 3, name: '', faceurl: '/f/3' } });
    await r.tap('face-submit');
    expect(r.q('face-hint').textContent).toBe('Name is required');
    expect(sent()).toBe(0);
    r.type('face-name', 'Bob');
    await r.tap('face-submit');
    expect(renameBuddy).toHaveBeenCalledWith(3, 'Bob');
    expect(renderSelfie).not.toHaveBeenCalled();
    expect(r.onClose).toHaveBeenCalled();
  });

  it("follow new without a known person: 'Please upload single frontal photo'; with a photo and consent it follows", async () => {
    const r = mount({ mode: 'followNew', following: 2 });
    r.type('face-name', 'Cat');
    await r.tap('face-submit');
    expect(r.q('face-hint').textContent).toBe('Please upload single frontal photo');
    expect(sent()).toBe(0);
    await r.tap('face-upload');
    await r.check('face-consent');
    await r.check('face-adult');
    await r.tap('face-submit');
    await waitFor(() => expect(followPerson).toHaveBeenCalledWith({ galleryid: 7, personid: undefined, name: 'Cat', image: SELFIE }));
    expect(r.onDone).toHaveBeenCalledWith(expect.objectContaining({ mode: 'followNew' }));
  });

  it('following stops at 6 friends', async () => {
    const r = mount({ mode: 'followNew', person: { personid: 4, name: '', faceurl: '/f/4' }, following: FRIENDS_MAX });
    await r.tap('face-submit');
    expect(r.q('face-hint').textContent).toBe('You can follow at most 6 people');
    expect(sent()).toBe(0);
  });

  it('finding without a face: the time and text form, no photo sent', async () => {
    const r = mount();
    await r.tap('face-alt');
    expect(byTestId(r.container, 'face-alt-form')).toHaveLength(1);
    expect(byTestId(r.container, 'face-upload')).toHaveLength(0);
    await r.tap('face-submit');
    expect(r.q('face-hint').textContent).toBe('Choose a time range or enter a text');
    r.type('face-alt-text', '1234');
    await r.tap('face-submit');
    expect(r.onDone).toHaveBeenCalledWith({ mode: 'findPeople', filter: { q: '1234' } });
    expect(sent()).toBe(0);
  });
});

describe('DeferredFaceDialog', () => {
  it('mounts nothing until asked for, then one dialog per request, closed by its ×', async () => {
    const host = new FaceDialogHost();
    const r = renderWith(<DeferredFaceDialog host={host} />);
    expect(byTestId(r.container, 'face-dialog')).toHaveLength(0);
    act(() => host.open({ mode: 'updateInfo', galleryId: 7 }));
    await waitFor(() => expect(byTestId(r.container, 'face-dialog')).toHaveLength(1));
    fireEvent.click(byTestId(r.container, 'face-close')[0]);
    expect(host.request).toBeNull();
    expect(byTestId(r.container, 'face-dialog')).toHaveLength(0);
  });
});
