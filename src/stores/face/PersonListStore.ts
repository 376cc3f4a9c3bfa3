import { makeAutoObservable, runInAction } from 'mobx';
import { PERSON_PAGE_SIZE, type Person, type PersonPage } from '../../../types/api/face';
import { fetchPersons } from '../../api/face';

export type PersonListState = 'idle' | 'loading' | 'more' | 'noMore' | 'error';

/**
 * The Person tag of a photo list (spec part 1 §2, part 3 §9): the gallery's persons,
 * PERSON_PAGE_SIZE a page, most photos first; one of them chosen lists their photos.
 */
export class PersonListStore {
  items: Person[] = [];
  total = 0;
  state: PersonListState = 'idle';
  selected: Person | null = null;
  private page = 0;

  constructor(
    public readonly galleryId: number,
    private load: (galleryid: number, page: number) => Promise<PersonPage> = fetchPersons
  ) {
    makeAutoObservable<PersonListStore, 'load' | 'page'>(this, { load: false, page: false }, { autoBind: true });
  }

  get isEmpty(): boolean {
    return this.state === 'noMore' && this.items.length === 0;
  }

  async loadMore(): Promise<void> {
    if (this.state === 'loading' || this.state === 'noMore') return;
    this.state = 'loading';
    try {
      const res = await this.load(this.galleryId, this.page + 1);
      runInAction(() => {
        const known = new Set(this.items.map((p) => p.personid));
        this.items.push(...res.items.filter((p) => !known.has(p.personid)));
        this.total = res.total;
        this.page = res.page;
        const size = res.page_size || PERSON_PAGE_SIZE;
        this.state = res.items.length < size || this.items.length >= res.total ? 'noMore' : 'more';
      });
    } catch {
      runInAction(() => (this.state = 'error'));
    }
  }

  select(p: Person | null): void {
    this.selected = p;
  }
}
