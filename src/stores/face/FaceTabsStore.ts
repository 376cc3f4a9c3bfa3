import { makeAutoObservable, runInAction } from 'mobx';
import type { FaceProfile, Person } from '../../../types/api/face';
import type { SortOrder } from '../../../types/api/photo';
import type { MessageKey } from '../../i18n';
import { t } from '../../i18n';
import { destroyMyFace, fetchFollowing, fetchMyFace, unfollowPerson } from '../../api/face';
import { toast } from '../../platform/ui';
import type { PhotoListOptions, PhotoListStore } from '../photos/PhotoListStore';
import type { FaceDialogHost, FaceDialogResult } from './FaceDialogHost';
import { canFollowMore } from './faceRules';

export type LoadState = 'idle' | 'loading' | 'ready' | 'error';

export interface FaceTabsDeps {
  myFace: (galleryid: number) => Promise<FaceProfile>;
  following: (galleryid: number) => Promise<Person[]>;
  unfollow: (personid: number) => Promise<unknown>;
  destroy: () => Promise<unknown>;
  /** The root's photo-list cache. */
  list: (o: PhotoListOptions) => PhotoListStore;
  toast: (key: MessageKey) => void;
}

export interface FaceTabsGallery {
  id: number;
  sort?: string;
  order: SortOrder;
}

/**
 * The My Photo and Following tabs of a gallery page (spec part 1 §2: tabs 2 and 3, only
 * with active_on and use_face, for logged-in visitors). My Photo: the visitor's own
 * person in this gallery and their photos, or the way to set their face. Following: the
 * persons they follow (at most FRIENDS_MAX), each opening that person's photos; follow
 * new, edit a buddy name, unfollow.
 */
export class FaceTabsStore {
  profile: FaceProfile | null = null;
  profileState: LoadState = 'idle';
  following: Person[] = [];
  followingState: LoadState = 'idle';
  /** The followed person whose photos the Following tab shows. */
  selected: Person | null = null;
  private deps: FaceTabsDeps;

  constructor(
    private gallery: FaceTabsGallery,
    private host: FaceDialogHost,
    deps: Partial<FaceTabsDeps> & Pick<FaceTabsDeps, 'list'>
  ) {
    this.deps = {
      myFace: fetchMyFace,
      following: fetchFollowing,
      unfollow: unfollowPerson,
      destroy: destroyMyFace,
      toast: (key) => toast(t(key)),
      ...deps
    };
    makeAutoObservable<FaceTabsStore, 'deps' | 'gallery' | 'host'>(this, { deps: false, gallery: false, host: false }, { autoBind: true });
  }

  /** A person's photos in this gallery, in its sort order, through the shared photo-list cache. */
  photosOf(personid: number): PhotoListStore {
    return this.deps.list({ galleryId: this.gallery.id, order: this.gallery.order, sorttype: this.gallery.sort || undefined, person: personid });
  }

  /** My Photo's list: the visitor's own person here, once known. */
  get myList(): PhotoListStore | null {
    const p = this.profile?.person;
    return p ? this.photosOf(p.personid) : null;
  }

  get canFollowMore(): boolean {
    return canFollowMore(this.following.length);
  }

  async loadMine(): Promise<void> {
    this.profileState = 'loading';
    try {
      const profile = await this.deps.myFace(this.gallery.id);
      runInAction(() => {
        this.profile = profile;
        this.profileState = 'ready';
      });
    } catch {
      runInAction(() => (this.profileState = 'error'));
    }
  }

  async loadFollowing(): Promise<void> {
    this.followingState = 'loading';
    try {
      const list = await this.deps.following(this.gallery.id);
      runInAction(() => {
        this.following = list;
        this.followingState = 'ready';
        if (this.selected) this.selected = list.find((p) => p.personid === this.selected!.personid) ?? null;
        // The first followed person's photos show at once.
        if (!this.selected && list.length) this.selected = list[0];
      });
    } catch {
      runInAction(() => (this.followingState = 'error'));
    }
  }

  select(p: Person | null): void {
    this.selected = p;
  }

  /** Set or replace the visitor's own face (the update-own-info dialog). */
  openUpdateInfo(): void {
    this.host.open({ mode: 'updateInfo', galleryId: this.gallery.id, onDone: this.onDone });
  }

  /** Follow someone new by a photo; refused at FRIENDS_MAX before anything opens. */
  openFollowNew(): void {
    if (!this.canFollowMore) {
      this.deps.toast('face.friendsMax');
      return;
    }
    this.host.open({ mode: 'followNew', galleryId: this.gallery.id, following: this.following.length, onDone: this.onDone });
  }

  openEditBuddy(p: Person): void {
    this.host.open({ mode: 'editBuddy', galleryId: this.gallery.id, person: { personid: p.personid, name: p.name, faceurl: p.faceurl }, onDone: this.onDone });
  }

  async unfollow(p: Person): Promise<void> {
    try {
      await this.deps.unfollow(p.personid);
    } catch {
      this.deps.toast('face.submitFailed');
      return;
    }
    runInAction(() => {
      this.following = this.following.filter((x) => x.personid !== p.personid);
      if (this.selected?.personid === p.personid) this.selected = null;
    });
    this.host.changed();
  }

  /** Delete every face record of the visitor: My Photo starts over. */
  async destroyMine(): Promise<void> {
    try {
      await this.deps.destroy();
    } catch {
      this.deps.toast('face.submitFailed');
      return;
    }
    runInAction(() => {
      this.profile = { has_face: false, person: null };
      this.following = [];
      this.selected = null;
    });
    this.deps.toast('face.deleted');
    this.host.changed();
  }

  private onDone(r: FaceDialogResult): void {
    if (r.mode === 'updateInfo') {
      this.profile = r.profile;
      this.profileState = 'ready';
      // Other photos may match now: the list loads again.
      this.myList?.reset();
    } else if (r.mode === 'followNew' || r.mode === 'editBuddy') {
      const at = this.following.findIndex((p) => p.personid === r.person.personid);
      if (at >= 0) this.following[at] = r.person;
      else this.following.push(r.person);
      if (this.selected?.personid === r.person.personid) this.selected = r.person;
    }
    this.host.changed();
  }
}
