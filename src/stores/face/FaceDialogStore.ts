import { makeAutoObservable, runInAction } from 'mobx';
import { FACE_ZOOM_STEP, type FaceDialogMode, type FaceProfile, type FindPeopleResult, type Person } from '../../../types/api/face';
import type { MessageKey } from '../../i18n';
import { t } from '../../i18n';
import { ApiError } from '../../api/client';
import { findPeople, followPerson, renameBuddy, updateMyFace } from '../../api/face';
import { chooseSelfie, releaseSelfie, renderSelfie, SelfieTooLarge, SelfieUnreadable, type SelfieCrop, type SelfieSource } from '../../platform/selfie';
import { toast } from '../../platform/ui';
import { AGREEMENT_TOOLTIP_MS, canFollowMore, clampZoom, cleanName, dayToUnix, dialogNeeds, findErrorKey, type DialogNeeds } from './faceRules';

import type { DialogPerson, FaceDialogRequest, FaceDialogResult, PhotoFilter } from './FaceDialogHost';

export type FaceDialogState = 'editing' | 'submitting' | 'done';

export interface FaceDialogDeps {
  choose: () => Promise<SelfieSource | null>;
  render: (source: SelfieSource, crop: SelfieCrop) => Promise<string>;
  release: (source: SelfieSource) => void;
  findPeople: (galleryid: number, image: string) => Promise<FindPeopleResult>;
  updateMyFace: (image: string, galleryid?: number) => Promise<FaceProfile>;
  follow: (input: { galleryid: number; personid?: number; name?: string; image?: string }) => Promise<Person>;
  rename: (personid: number, name: string) => Promise<Person>;
  toast: (key: MessageKey) => void;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

/**
 * The face dialog (spec part 1 §4, §8; part 3 §5) in its four modes. Its rules:
 * - the service agreement is checked by default; choosing a picture while it is
 *   unchecked shows 'Please read and agree to the agreement firstly' for 2 s instead;
 * - face search has its own consent and the age confirmation (14 or older, or a
 *   guardian consents): without both nothing leaves the device;
 * - the crop editor's zoom stays within 1..4 in steps of 0.1;
 * - editing a buddy name needs a name; following without a known person needs a photo;
 * - following stops at FRIENDS_MAX;
 * - after submit the scanning animation runs; a refusal shows in a basic dialog and the
 *   buttons come back; success closes the editor.
 * Finding people also has a way without a face: photos by shoot-time range or by text.
 */
export class FaceDialogStore {
  readonly mode: FaceDialogMode;
  readonly galleryId: number;
  readonly person: DialogPerson | null;
  agreed = true;
  /** Separate consent to face search. */
  consent = false;
  /** 14 or older, or a guardian consents. */
  adult = false;
  /** The agreement tooltip (2 s). */
  tooltip: MessageKey | null = null;
  /** A rule not met yet (shown under the buttons). */
  hint: MessageKey | null = null;
  /** The basic dialog of a refused submit: its text. */
  error: string | null = null;
  source: SelfieSource | null = null;
  crop: SelfieCrop = { zoom: 1, x: 0.5, y: 0.5 };
  name: string;
  state: FaceDialogState = 'editing';
  /** Find without a face: the time range and text form is shown. */
  alt = false;
  fromDay = '';
  toDay = '';
  text = '';
  private following: number;
  private deps: FaceDialogDeps;
  private tooltipTimer: unknown = null;
  private onDone?: (r: FaceDialogResult) => void;

  constructor(request: FaceDialogRequest, deps: Partial<FaceDialogDeps> = {}) {
    this.mode = request.mode;
    this.galleryId = request.galleryId;
    this.person = request.person ?? null;
    this.name = request.mode === 'editBuddy' ? request.person?.name ?? '' : '';
    this.following = request.following ?? 0;
    this.onDone = request.onDone;
    this.deps = {
      choose: chooseSelfie,
      render: renderSelfie,
      release: releaseSelfie,
      findPeople,
      updateMyFace,
      follow: followPerson,
      rename: renameBuddy,
      toast: (key) => toast(t(key)),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      ...deps
    };
    makeAutoObservable<FaceDialogStore, 'deps' | 'tooltipTimer' | 'onDone' | 'following'>(this, {
      deps: false,
      tooltipTimer: false,
      onDone: false,
      following: false,
      mode: false,
      galleryId: false,
      person: false
    });
  }

  get needs(): DialogNeeds {
    return dialogNeeds(this.mode, !!this.person);
  }

  get submitting(): boolean {
    return this.state === 'submitting';
  }

  /** The consents a photo needs before it is sent. */
  get consented(): boolean {
    return this.consent && this.adult;
  }

  setAgreed(v: boolean): void {
    this.agreed = v;
    if (v) this.hideTooltip();
  }

  setConsent(v: boolean): void {
    this.consent = v;
    if (this.hint === 'face.consentRequired' && this.consented) this.hint = null;
  }

  setAdult(v: boolean): void {
    this.adult = v;
    if (this.hint === 'face.consentRequired' && this.consented) this.hint = null;
  }

  setName(v: string): void {
    this.name = v;
    if (this.hint === 'face.nameRequired' && cleanName(v)) this.hint = null;
  }

  /** The visitor taps to choose a picture: only with the agreement checked. */
  async choose(): Promise<boolean> {
    if (this.submitting) return false;
    if (!this.agreed) {
      this.showTooltip('face.agreeFirst');
      return false;
    }
    let picked: SelfieSource | null;
    try {
      picked = await this.deps.choose();
    } catch (e) {
      runInAction(() => (this.error = t(e instanceof SelfieUnreadable ? 'face.unreadable' : 'face.chooseFailed')));
      return false;
    }
    if (!picked) return false;
    runInAction(() => {
      if (this.source) this.deps.release(this.source);
      this.source = picked;
      this.crop = { zoom: 1, x: 0.5, y: 0.5 };
      if (this.hint === 'face.photoRequired') this.hint = null;
    });
    return true;
  }

  setZoom(z: number): void {
    this.crop = { ...this.crop, zoom: clampZoom(z) };
  }

  zoomIn(): void {
    this.setZoom(this.crop.zoom + FACE_ZOOM_STEP);
  }

  zoomOut(): void {
    this.setZoom(this.crop.zoom - FACE_ZOOM_STEP);
  }

  /** A pinch: the zoom when it started times the fingers' distance ratio. */
  pinch(startZoom: number, ratio: number): void {
    this.setZoom(startZoom * ratio);
  }

  /** Move the crop's centre by a fraction of the picture (a drag). */
  pan(dx: number, dy: number): void {
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    this.crop = { ...this.crop, x: clamp(this.crop.x + dx), y: clamp(this.crop.y + dy) };
  }

  setAlt(v: boolean): void {
    this.alt = v;
    this.hint = null;
  }

  setRange(from: string, to: string): void {
    this.fromDay = from;
    this.toDay = to;
  }

  setText(v: string): void {
    this.text = v;
  }

  /** The non-face search: a time range or a text is needed. */
  get filter(): PhotoFilter | null {
    const f: PhotoFilter = {};
    const from = dayToUnix(this.fromDay);
    const to = dayToUnix(this.toDay, true);
    const q = this.text.trim();
    if (from !== undefined) f.from = from;
    if (to !== undefined) f.to = to;
    if (q) f.q = q.slice(0, 50);
    return f.from || f.to || f.q ? f : null;
  }

  /** What is missing before a submit, as the hint's text key (null: nothing). */
  get missing(): MessageKey | null {
    if (this.alt) return this.filter ? null : 'face.altEmpty';
    const needs = this.needs;
    if (this.mode === 'followNew' && !canFollowMore(this.following)) return 'face.friendsMax';
    if (needs.name && !cleanName(this.name)) return 'face.nameRequired';
    if (needs.photo && !this.source) return 'face.photoRequired';
    if (needs.photo && !this.agreed) return 'face.agreeFirst';
    if (needs.photo && !this.consented) return 'face.consentRequired';
    return null;
  }

  /** Submit: the rules first (nothing is sent when one fails), then the call of the mode. */
  async submit(): Promise<boolean> {
    if (this.submitting || this.state === 'done') return false;
    const missing = this.missing;
    if (missing) {
      this.hint = missing;
      return false;
    }
    this.hint = null;
    if (this.alt) {
      this.finish({ mode: 'findPeople', filter: this.filter! });
      return true;
    }
    this.state = 'submitting';
    try {
      const image = this.needs.photo && this.source ? await this.deps.render(this.source, this.crop) : undefined;
      const result = await this.send(image);
      runInAction(() => this.finish(result));
      return true;
    } catch (e) {
      runInAction(() => {
        this.state = 'editing';
        this.error = this.errorText(e);
      });
      return false;
    }
  }

  private async send(image: string | undefined): Promise<FaceDialogResult> {
    const name = cleanName(this.name);
    switch (this.mode) {
      case 'findPeople': {
        const found = await this.deps.findPeople(this.galleryId, image!);
        if (!found.success) throw new ApiError(200, found.code, found, `findpeople ${found.code}`);
        return { mode: 'findPeople', found };
      }
      case 'updateInfo':
        return { mode: 'updateInfo', profile: await this.deps.updateMyFace(image!, this.galleryId) };
      case 'editBuddy':
        return { mode: 'editBuddy', person: await this.deps.rename(this.person!.personid, name) };
      default: {
        const person = await this.deps.follow({ galleryid: this.galleryId, personid: this.person?.personid, name: name || undefined, image });
        this.deps.toast('face.added-success');
        return { mode: 'followNew', person };
      }
    }
  }

  /** Find-people refusals by code (FINDPEOPLE_ERROR_{code}); others show the server's message. */
  private errorText(e: unknown): string {
    if (e instanceof SelfieTooLarge) return t('face.FINDPEOPLE_ERROR_222304');
    if (e instanceof SelfieUnreadable) return t('face.unreadable');
    if (e instanceof ApiError) {
      const key = findErrorKey(e.code);
      if (key && (this.mode === 'findPeople' || e.code !== 422)) return t(key);
      const msg = (e.body as { msg?: unknown } | null)?.msg;
      if (typeof msg === 'string' && msg) return msg;
    }
    return t(this.mode === 'findPeople' ? 'face.findFailed' : 'face.submitFailed');
  }

  private finish(result: FaceDialogResult): void {
    this.state = 'done';
    this.dispose();
    this.onDone?.(result);
  }

  /** The basic dialog's OK: back to the editor, buttons and all. */
  dismissError(): void {
    this.error = null;
  }

  private showTooltip(key: MessageKey): void {
    this.hideTooltip();
    this.tooltip = key;
    this.tooltipTimer = this.deps.setTimer(() => runInAction(() => (this.tooltip = null)), AGREEMENT_TOOLTIP_MS);
  }

  private hideTooltip(): void {
    if (this.tooltipTimer !== null) this.deps.clearTimer(this.tooltipTimer);
    this.tooltipTimer = null;
    this.tooltip = null;
  }

  /** The dialog goes away: the picture is forgotten, timers stop. */
  dispose(): void {
    this.hideTooltip();
    if (this.source) this.deps.release(this.source);
    this.source = null;
  }
}
