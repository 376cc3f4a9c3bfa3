import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { Photo, PhotoListResult } from '../../../types/api/photo';
import type { OcrSearchResult } from '../../../types/api/ocr';
import { OCR_KEYWORD_MAX } from '../../../types/api/ocr';
import { searchOcr } from '../../api/ocr';
import { PhotoListStore } from '../photos/PhotoListStore';

type Search = (galleryid: number, keyword: string, offset: number) => Promise<OcrSearchResult>;

/**
 * The formocr search (spec part 2 §2): the typed keyword, and once submitted a full-screen
 * overlay of the matching photos. The results are a PhotoListStore, so the overlay pages
 * through them and the page's viewer opens on them like on any list. Items whose `trash` is
 * above 0 are hidden (spec: "items with trash above 0 are hidden").
 *
 * Apart from them, "maybe yours" (issue 27): photos whose number reads close to a typed bib
 * number (one digit off, or the last digit unread), as the first page's answer brings them.
 * They are a list of their own (shown below the exact ones, and the viewer opens on them alone).
 */
export class OcrSearchStore {
  keyword = '';
  /** The keyword of the open overlay; null: closed. */
  submitted: string | null = null;
  results: PhotoListStore | null = null;
  /** "Maybe yours": null until the first page has come back. */
  maybe: PhotoListStore | null = null;

  constructor(
    readonly galleryId: number,
    private search: Search = searchOcr
  ) {
    makeAutoObservable<OcrSearchStore, 'search'>(this, { search: false, results: false, maybe: observableRef, galleryId: false });
  }

  get isOpen(): boolean {
    return this.submitted !== null;
  }

  setKeyword(value: string): void {
    this.keyword = value.slice(0, OCR_KEYWORD_MAX);
  }

  /** Opens the overlay on the keyword (nothing happens for an empty one). */
  submit(): void {
    const keyword = this.keyword.trim();
    if (!keyword) return;
    this.submitted = keyword;
    this.maybe = null;
    this.results = new PhotoListStore({ galleryId: this.galleryId, order: 'desc' }, (_id, q) => this.page(keyword, q.offset ?? 0));
    void this.results.loadMore();
  }

  close(): void {
    this.submitted = null;
    this.results = null;
    this.maybe = null;
  }

  /** One page of results in the photo list's shape, without trashed items. */
  private async page(keyword: string, offset: number): Promise<PhotoListResult> {
    const res = await this.search(this.galleryId, keyword, offset);
    const items = res.items.filter((p) => !(p.trash > 0));
    if (offset === 0 && this.submitted === keyword) this.showMaybe((res.maybe ?? []).filter((p) => !(p.trash > 0)));
    return {
      items,
      total: res.total - (res.items.length - items.length),
      pagedata: { ...res.pagedata, sorttype: undefined as never, order: 'desc' }
    };
  }

  /** The "maybe yours" photos as a list of their own, loaded at once (no further pages). */
  private showMaybe(photos: Photo[]): void {
    const list = new PhotoListStore({ galleryId: this.galleryId, order: 'desc' }, async () => ({
      items: photos,
      total: photos.length,
      pagedata: { offset: 0, page_size: photos.length, next_offset: photos.length, has_more: false, sorttype: undefined as never, order: 'desc' }
    }));
    runInAction(() => {
      this.maybe = list;
    });
    void list.loadMore();
  }
}
