import { makeAutoObservable, runInAction } from 'mobx';
import type { Group, GroupGallery } from '../../../types/api/groups';
import { GROUP_TOKEN_RE } from '../../../types/api/groups';
import { ErrorCode } from '../../../types/envelope';
import { galleryUrl } from '../../../types/routes';
import { ApiError } from '../../api/client';

export type GroupState = 'idle' | 'loading' | 'ready' | 'notFound' | 'error';

/**
 * The group page (types/api/groups.ts): a token's list of galleries. A malformed or unknown token is
 * not found; a gallery whose gate is closed is listed by name and opens at its permission page (its own
 * address leads there).
 */
export class GroupStore {
  state: GroupState = 'idle';
  group: Group | null = null;
  private token = '';

  constructor(private fetcher: (token: string) => Promise<Group>) {
    makeAutoObservable<GroupStore, 'fetcher' | 'token'>(this, { fetcher: false, token: false });
  }

  async load(token: string): Promise<void> {
    this.token = token;
    if (!GROUP_TOKEN_RE.test(token)) {
      this.state = 'notFound';
      return;
    }
    this.state = 'loading';
    try {
      const group = await this.fetcher(token);
      runInAction(() => {
        this.group = group;
        this.state = 'ready';
      });
    } catch (e) {
      runInAction(() => {
        this.state = e instanceof ApiError && (e.code === ErrorCode.NOT_FOUND || e.code === ErrorCode.BAD_REQUEST) ? 'notFound' : 'error';
      });
    }
  }

  retry(): Promise<void> {
    return this.load(this.token);
  }

  /** Where a listed gallery opens (a gated one then goes on to its permission page). */
  urlOf(g: GroupGallery): string {
    return galleryUrl(g);
  }
}
