import { makeAutoObservable } from 'mobx';
import type { PhotoListResult } from '../../../types/api/photo';
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
 */
export class OcrSearchStore {
  keyword = '';
  /** The keyword of the open overlay; null: closed. */
  submitted: string | null = null;
  results: PhotoListStore | null = null;

  constructor(
    readonly galleryId: number,
    private search: Search = searchOcr
  ) {
    makeAutoObservable<OcrSearchStore, 'search'>(this, { search: false, results: false, galleryId: false });
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
    this.results = new PhotoListStore({ galleryId: this.galleryId, order: 'desc' }, (_id, q) => this.page(keyword, q.offset ?? 0));
    void this.results.loadMore();
  }

  close(): void {
    this.submitted = null;
    this.results = null;
  }

  /** One page of results in the photo list's shape, without trashed items. */
  private async page(keyword: string, offset: number): Promise<PhotoListResult> {
    const res = await this.search(this.galleryId, keyword, offset);
    const items = res.items.filter((p) => !(p.trash > 0));
    return {
      items,
      total: res.total - (res.items.length - items.length),
      pagedata: { ...res.pagedata, sorttype: undefined as never, order: 'desc' }
    };
  }
}
