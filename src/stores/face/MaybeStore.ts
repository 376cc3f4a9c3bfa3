import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { MaybePerson } from '../../../types/api/face';
import type { MessageKey } from '../../i18n';
import { t } from '../../i18n';
import { fetchMaybe, hideFromPhoto } from '../../api/face';
import { toast } from '../../platform/ui';

export interface MaybeDeps {
  maybe: (imageid: number) => Promise<MaybePerson[]>;
  hide: (imageid: number, personid: number) => Promise<unknown>;
  /** The person was taken off the photo: the lists of their photos the device holds drop it. */
  hidden: (p: MaybePerson) => void;
  toast: (key: MessageKey) => void;
}

/**
 * The 'maybe' people of the viewer's photos (spec part 1 §2: with face recognition on,
 * they replace the thumbnail strip): asked once per photo. The visitor may take
 * themselves (for everyone) or a person they follow (in their own view: others still see
 * them there) off a photo (face/hide); the strip and the device's lists of that person's
 * photos show it at once.
 */
export class MaybeStore {
  byPhoto = observable.map<number, MaybePerson[]>();
  private asked = new Set<number>();
  private deps: MaybeDeps;

  constructor(deps: Partial<MaybeDeps> = {}) {
    this.deps = { maybe: fetchMaybe, hide: hideFromPhoto, hidden: () => undefined, toast: (key) => toast(t(key)), ...deps };
    makeAutoObservable<MaybeStore, 'deps' | 'asked'>(this, { deps: false, asked: false }, { autoBind: true });
  }

  peopleOf(imageid: number): MaybePerson[] | undefined {
    return this.byPhoto.get(imageid);
  }

  async load(imageid: number): Promise<void> {
    if (this.asked.has(imageid)) return;
    this.asked.add(imageid);
    try {
      const people = await this.deps.maybe(imageid);
      runInAction(() => this.byPhoto.set(imageid, people));
    } catch {
      // Asked again when the photo shows next time.
      this.asked.delete(imageid);
    }
  }

  /** Only oneself and followed persons can be taken off a photo. */
  canHide(p: MaybePerson): boolean {
    return p.status === 'self' || p.status === 'follow';
  }

  async hide(imageid: number, p: MaybePerson): Promise<boolean> {
    if (!this.canHide(p)) return false;
    try {
      await this.deps.hide(imageid, p.personid);
    } catch {
      this.deps.toast('face.submitFailed');
      return false;
    }
    runInAction(() => this.byPhoto.set(imageid, (this.byPhoto.get(imageid) ?? []).filter((x) => x.personid !== p.personid)));
    this.deps.hidden({ ...p, imageid });
    this.deps.toast(p.status === 'self' ? 'face.hidden' : 'face.hiddenForMe');
    return true;
  }

  /** The visitor now follows this person: shown so in every photo's strip. */
  followed(personid: number): void {
    for (const [id, people] of this.byPhoto) {
      if (people.some((p) => p.personid === personid && p.status === 'unfollow')) {
        this.byPhoto.set(id, people.map((p) => (p.personid === personid ? { ...p, status: 'follow' as const } : p)));
      }
    }
  }
}
