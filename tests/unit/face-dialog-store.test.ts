// Taro's runtime is ESM-only and unused here: the store's platform pieces are injected.
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: {} }));

import { FaceDialogStore, type FaceDialogDeps } from '../../src/stores/face/FaceDialogStore';
import type { FaceDialogRequest } from '../../src/stores/face/FaceDialogHost';
import { clampZoom, dialogNeeds, findErrorKey, personCount, cleanName, canFollowMore, dayToUnix } from '../../src/stores/face/faceRules';
import { cropBox, dataUrlBytes, withinLimit, SelfieTooLarge } from '../../src/platform/selfie-core';
import { ApiError } from '../../src/api/client';
import { i18n } from '../../src/i18n';
import { FACE_IMAGE_MAX_BYTES, FRIENDS_MAX, type Person } from '../../types/api/face';
import { makePerson } from './face-fixtures';

const person = makePerson;

const SELFIE = 'data:image/jpeg;base64,AAAA';

function make(request: Partial<FaceDialogRequest> = {}, over: Partial<FaceDialogDeps> = {}) {
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const deps = {
    choose: jest.fn(async () => ({ src: 'blob:x', width: 1200, height: 900 })),
    render: jest.fn(async () => SELFIE),
    release: jest.fn(),
    findPeople: jest.fn(async () => ({ success: true, data: 5, faceurl: '/f', code: 200, person: person(5) })),
    updateMyFace: jest.fn(async () => ({ has_face: true, person: person(5, { status: 'self' }) })),
    follow: jest.fn(async (i: { personid?: number }) => person(i.personid ?? 9, { status: 'follow' })),
    rename: jest.fn(async (id: number, name: string) => person(id, { name, status: 'follow' })),
    toast: jest.fn(),
    setTimer: jest.fn((fn: () => void, ms: number) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    }),
    clearTimer: jest.fn((t: unknown) => ((t as { cleared: boolean }).cleared = true)),
    ...over
  };
  const onDone = jest.fn();
  const store = new FaceDialogStore({ mode: 'findPeople', galleryId: 7, onDone, ...request }, deps);
  const sent = () => [deps.findPeople, deps.updateMyFace, deps.follow, deps.rename].reduce((n, f) => n + (f as jest.Mock).mock.calls.length, 0);
  return { store, deps, timers, onDone, sent };
}

beforeAll(() => i18n.setLocale('en-US'));

describe('face rules', () => {
  it('zoom is clamped to 1..4 in steps of 0.1', () => {
    expect(clampZoom(0.2)).toBe(1);
    expect(clampZoom(9)).toBe(4);
    expect(clampZoom(1.26)).toBe(1.3);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('find-people error codes have their texts (422 and 222207 no related photos, 222202 no face, 222304 too large)', () => {
    expect(findErrorKey(422)).toBe('face.FINDPEOPLE_ERROR_422');
    expect(findErrorKey(222207)).toBe('face.FINDPEOPLE_ERROR_222207');
    expect(findErrorKey(222202)).toBe('face.FINDPEOPLE_ERROR_222202');
    expect(findErrorKey(222304)).toBe('face.FINDPEOPLE_ERROR_222304');
    expect(findErrorKey(500)).toBeNull();
  });

  it('mode needs: edit buddy needs a name, follow without a person needs a photo', () => {
    expect(dialogNeeds('editBuddy', true)).toEqual({ photo: false, nameInput: true, name: true });
    expect(dialogNeeds('followNew', false)).toEqual({ photo: true, nameInput: true, name: false });
    expect(dialogNeeds('followNew', true)).toEqual({ photo: false, nameInput: true, name: false });
    expect(dialogNeeds('findPeople', false).photo).toBe(true);
    expect(dialogNeeds('updateInfo', false).nameInput).toBe(false);
  });

  it('counts are capped at 99, names trimmed to 20 characters, follows stop at 6', () => {
    expect(personCount(99)).toBe('99');
    expect(personCount(100)).toBe('99+');
    expect(cleanName('  Ann  ')).toBe('Ann');
    expect(Array.from(cleanName('名'.repeat(30)))).toHaveLength(20);
    expect(canFollowMore(FRIENDS_MAX - 1)).toBe(true);
    expect(canFollowMore(FRIENDS_MAX)).toBe(false);
  });

  it('the crop: a centred square at zoom 1, smaller and kept inside when zoomed, 750 px out for wide pictures', () => {
    expect(cropBox(1200, 900, { zoom: 1, x: 0.5, y: 0.5 })).toEqual({ sx: 150, sy: 0, side: 900, out: 750 });
    expect(cropBox(1200, 900, { zoom: 2, x: 1, y: 0 })).toEqual({ sx: 750, sy: 0, side: 450, out: 750 });
    expect(cropBox(600, 800, { zoom: 1, x: 0.5, y: 0.5 })).toEqual({ sx: 0, sy: 100, side: 600, out: 600 });
  });

  it('a prepared selfie over 2 MB is refused', () => {
    const big = `data:image/jpeg;base64,${'A'.repeat(Math.ceil((FACE_IMAGE_MAX_BYTES + 3) / 3) * 4)}`;
    expect(dataUrlBytes(big)).toBeGreaterThan(FACE_IMAGE_MAX_BYTES);
    expect(() => withinLimit(big)).toThrow(SelfieTooLarge);
    expect(withinLimit(SELFIE)).toBe(SELFIE);
  });
});

describe('FaceDialogStore', () => {
  it('the agreement is checked by default; unchecked, choosing shows the tooltip for 2 s and opens no picker', async () => {
    const { store, deps, timers } = make();
    expect(store.agreed).toBe(true);
    store.setAgreed(false);
    expect(await store.choose()).toBe(false);
    expect(deps.choose).not.toHaveBeenCalled();
    expect(store.tooltip).toBe('face.agreeFirst');
    expect(timers[0].ms).toBe(2000);
    timers[0].fn();
    expect(store.tooltip).toBeNull();
  });

  it('refused consent sends nothing: no picture drawn, no call', async () => {
    const { store, deps, sent } = make();
    await store.choose();
    expect(await store.submit()).toBe(false);
    expect(store.hint).toBe('face.consentRequired');
    store.setConsent(true);
    expect(await store.submit()).toBe(false);
    expect(store.hint).toBe('face.consentRequired');
    expect(deps.render).not.toHaveBeenCalled();
    expect(sent()).toBe(0);
  });

  it('with both consents the crop is drawn and sent; success closes the editor with the result', async () => {
    const { store, deps, onDone } = make();
    await store.choose();
    store.zoomIn();
    store.setConsent(true);
    store.setAdult(true);
    expect(await store.submit()).toBe(true);
    expect(deps.render).toHaveBeenCalledWith(expect.objectContaining({ src: 'blob:x' }), { zoom: 1.1, x: 0.5, y: 0.5 });
    expect(deps.findPeople).toHaveBeenCalledWith(7, SELFIE);
    expect(store.state).toBe('done');
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ mode: 'findPeople', found: expect.objectContaining({ data: 5 }) }));
    expect(deps.release).toHaveBeenCalled();
  });

  it('a refusal shows FINDPEOPLE_ERROR_{code} in the basic dialog and the buttons return', async () => {
    const { store } = make({}, { findPeople: jest.fn(async () => Promise.reject(new ApiError(422, 222202, { code: 222202, msg: 'no face' }, 'x'))) });
    await store.choose();
    store.setConsent(true);
    store.setAdult(true);
    const p = store.submit();
    expect(store.state).toBe('submitting');
    expect(await p).toBe(false);
    expect(store.state).toBe('editing');
    expect(store.error).toBe('No face in the picture');
    store.dismissError();
    expect(store.error).toBeNull();
  });

  it('an answer of success false is a refusal by its code', async () => {
    const { store } = make({}, { findPeople: jest.fn(async () => ({ success: false, data: 0, faceurl: '', code: 222207, person: person(1) })) });
    await store.choose();
    store.setConsent(true);
    store.setAdult(true);
    expect(await store.submit()).toBe(false);
    expect(store.error).toBe('No related photos');
  });

  it('zoom buttons and pinch stay within 1..4', async () => {
    const { store } = make();
    await store.choose();
    for (let i = 0; i < 50; i++) store.zoomIn();
    expect(store.crop.zoom).toBe(4);
    store.pinch(4, 0.1);
    expect(store.crop.zoom).toBe(1);
    store.zoomOut();
    expect(store.crop.zoom).toBe(1);
  });

  it("editing a buddy name needs a name ('Name is required') and sends no photo", async () => {
    const { store, deps, onDone } = make({ mode: 'editBuddy', person: { personid: 3, name: '', faceurl: '' } });
    expect(await store.submit()).toBe(false);
    expect(store.hint).toBe('face.nameRequired');
    store.setName('  Bob ');
    expect(await store.submit()).toBe(true);
    expect(deps.rename).toHaveBeenCalledWith(3, 'Bob');
    expect(deps.render).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ mode: 'editBuddy' }));
  });

  it("following without a known person needs a photo ('Please upload single frontal photo'); with one it does not", async () => {
    const a = make({ mode: 'followNew' });
    expect(await a.store.submit()).toBe(false);
    expect(a.store.hint).toBe('face.photoRequired');
    expect(a.sent()).toBe(0);
    const b = make({ mode: 'followNew', person: { personid: 4, name: '', faceurl: '' } });
    expect(await b.store.submit()).toBe(true);
    expect(b.deps.follow).toHaveBeenCalledWith({ galleryid: 7, personid: 4, name: undefined, image: undefined });
    expect(b.deps.toast).toHaveBeenCalledWith('face.added-success');
  });

  it('following stops at 6', async () => {
    const { store, sent } = make({ mode: 'followNew', person: { personid: 4, name: '', faceurl: '' }, following: FRIENDS_MAX });
    expect(await store.submit()).toBe(false);
    expect(store.hint).toBe('face.friendsMax');
    expect(sent()).toBe(0);
  });

  it('the way without a face: a time range or a text, no photo and no call', async () => {
    const { store, onDone, sent } = make();
    store.setAlt(true);
    expect(await store.submit()).toBe(false);
    expect(store.hint).toBe('face.altEmpty');
    store.setRange('2026-05-01', '2026-05-02');
    store.setText(' 1234 ');
    expect(await store.submit()).toBe(true);
    expect(onDone).toHaveBeenCalledWith({ mode: 'findPeople', filter: { from: dayToUnix('2026-05-01'), to: dayToUnix('2026-05-02', true), q: '1234' } });
    expect(sent()).toBe(0);
  });
});
