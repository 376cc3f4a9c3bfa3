import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { Person } from '../../../types/api/face';
import type { Gallery } from '../../../types/api/gallery';
import type { SortOrder } from '../../../types/api/photo';
import type { MessageKey } from '../../i18n';
import { t } from '../../i18n';
import { fetchPerson } from '../../api/face';
import { buildUrl } from '../../routes';
import { imageUrl } from '../../utils/image';
import { shareLink, type ShareContent, type ShareOutcome } from '../../platform/share';
import { shareAndTell } from '../share/shareOutcome';
import { toast } from '../../platform/ui';
import type { PhotoListOptions, PhotoListStore } from '../photos/PhotoListStore';

export type PersonAlbumState = 'idle' | 'loading' | 'ready' | 'notFound' | 'error';

/** A face address the app serves (`/api/face/…`): one leading slash, no scheme, at most 300 characters. */
const AVATAR_PATH_RE = /^\/(?!\/)[A-Za-z0-9/._~%!?&=+-]{1,299}$/;

/**
 * The `?avatar=` of a person link (spec part 1 §2: `/page/person/{link_id}/{x}/{openid}?avatar=…`): the
 * person's face, shown while the album loads. Only an address of this app is taken (a link cannot make
 * the page show someone else's picture); anything else is ignored.
 */
export function personAvatarParam(raw: string | undefined | null): string | null {
  return raw && AVATAR_PATH_RE.test(raw) ? raw : null;
}

export interface PersonAlbumDeps {
  person: (personid: number) => Promise<Person>;
  list: (o: PhotoListOptions) => PhotoListStore;
  share: (c: ShareContent) => Promise<ShareOutcome>;
  toast: (key: MessageKey, ms?: number) => void;
}

/** The 'Copyed' toast lasts 1 second (spec part 1 §8). */

/**
 * The person album page /page/person/{link_id}/{personid}/{openid} (also
 * /page/person/{id}/{personid}/{openid}): one person's face, name and photo count, their
 * photos in the gallery's order, and sharing the page. The person names its gallery, so
 * either first segment leads to the same album.
 */
export class PersonAlbumStore {
  state: PersonAlbumState = 'idle';
  person: Person | null = null;
  list: PhotoListStore | null = null;
  /** WeChat's browser: the hint at its ··· menu is open. */
  menuHint: { copied: boolean } | null = null;
  private deps: PersonAlbumDeps;
  private seq = 0;

  constructor(deps: Partial<PersonAlbumDeps> & Pick<PersonAlbumDeps, 'list'>) {
    // share through a function: as a bare property value webpack (5.91) emitted an undeclared `share.uU` once platform/share sat in a shared chunk.
    this.deps = { person: fetchPerson, share: (c) => shareLink(c), toast: (key, ms) => toast(t(key), ms), ...deps };
    makeAutoObservable<PersonAlbumStore, 'deps' | 'seq'>(this, { deps: false, seq: false, list: observableRef, person: observableRef }, { autoBind: true });
  }

  /** The person (and so their gallery id); the list comes with `showIn`, once the gallery is open. */
  async load(rawPersonId: string | undefined): Promise<number | null> {
    const seq = ++this.seq;
    const personid = /^\d{1,12}$/.test(rawPersonId ?? '') ? Number(rawPersonId) : 0;
    if (!personid) {
      this.state = 'notFound';
      return null;
    }
    this.state = 'loading';
    try {
      const person = await this.deps.person(personid);
      if (seq !== this.seq) return null;
      runInAction(() => {
        this.person = person;
        this.state = 'ready';
      });
      return person.galleryid;
    } catch (e) {
      if (seq !== this.seq) return null;
      const status = (e as { status?: number })?.status;
      runInAction(() => (this.state = status === 404 ? 'notFound' : 'error'));
      return null;
    }
  }

  /** The person's photos in the gallery's sort order. */
  showIn(gallery: Pick<Gallery, 'id' | 'config'>, order: SortOrder): PhotoListStore | null {
    if (!this.person) return null;
    const list = this.deps.list({ galleryId: gallery.id, order, sorttype: gallery.config?.sort || undefined, person: this.person.personid });
    runInAction(() => (this.list = list));
    return list;
  }

  /** What sharing the page sends: the person's face and name, this page under the sharer's openid. */
  shareContent(gallery: Pick<Gallery, 'link_id' | 'name'> | null, openid: string): ShareContent | null {
    const p = this.person;
    if (!p || !gallery) return null;
    const name = p.name || gallery.name;
    return {
      title: t('face.personOf', { name }),
      desc: gallery.name,
      imageUrl: p.faceurl || (p.image ? imageUrl(p.image, 'wx_375_240', p.galleryid) : ''),
      url: buildUrl('person', { link_id: gallery.link_id, personid: String(p.personid), openid: openid || '0', ...(personAvatarParam(p.faceurl) ? { avatar: p.faceurl } : {}) })
    };
  }

  async share(gallery: Pick<Gallery, 'link_id' | 'name'> | null, openid: string): Promise<void> {
    const content = this.shareContent(gallery, openid);
    if (!content) return;
    await shareAndTell(content, { share: this.deps.share, toast: this.deps.toast, menuHint: (copied) => runInAction(() => (this.menuHint = { copied })) });
  }

  closeMenuHint(): void {
    this.menuHint = null;
  }
}
