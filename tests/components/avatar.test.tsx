// Avatars without a picture fall back to a generated initial (issue 12, Experience 6):
// the first letter (or first CJK character) of the nickname on a colour derived from
// the name; a person glyph when there is no name (guests). Runs in H5 and the
// mini-program branch (TARO_ENV_JEST=weapp).
import { act } from '@testing-library/react';
import { runInAction } from 'mobx';
import { Avatar } from '../../src/components/avatar';
import VisitorStrip from '../../src/components/gallery-header/VisitorStrip';
import { SharerHeader } from '../../src/components/share-page';
import MePage from '../../src/pages/me';
import { AVATAR_COLORS, avatarColor, avatarInitial } from '../../src/utils/avatar';
import { VisitStore, type VisitApi } from '../../src/stores/visits/VisitStore';
import type { RootStore } from '../../src/stores/RootStore';
import { byTestId, makeRoot, renderWith } from './helpers';

const hexToRgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

function visitsApi(latest: VisitApi['latest']): VisitApi {
  return {
    add: jest.fn(),
    history: jest.fn(async () => ({ items: [], total: 0, page: 1, page_size: 20 })),
    last: jest.fn(async () => null),
    latest,
    remove: jest.fn()
  } as unknown as VisitApi;
}

describe('avatarInitial and avatarColor', () => {
  it('takes the first letter (upper case) or the first CJK character, skipping emoji and punctuation', () => {
    expect(avatarInitial('ann')).toBe('A');
    expect(avatarInitial('  Émile Zola')).toBe('É');
    expect(avatarInitial('王小明')).toBe('王');
    expect(avatarInitial('🌸 小花')).toBe('小');
    expect(avatarInitial('(ぽち)')).toBe('ぽ');
    expect(avatarInitial('김민수')).toBe('김');
    expect(avatarInitial('007 Bond')).toBe('0');
    expect(avatarInitial('')).toBe('');
    expect(avatarInitial('🎉🎉')).toBe('');
    expect(avatarInitial(null)).toBe('');
  });

  it('derives one of the palette colours from the name, the same every time', () => {
    expect(avatarColor('Ann')).toBe(avatarColor('Ann'));
    expect(AVATAR_COLORS).toContain(avatarColor('Ann'));
    expect(AVATAR_COLORS).toContain(avatarColor(''));
    // Different names spread over the palette.
    const names = ['Ann', 'Bob', 'Carl', 'Dora', 'Eve', '王小明', '李雷', '韩梅梅', 'Zoë', 'Yuki'];
    expect(new Set(names.map(avatarColor)).size).toBeGreaterThanOrEqual(5);
  });
});

describe('Avatar', () => {
  it('shows the picture when there is one', () => {
    const { container } = renderWith(<Avatar src="https://thirdwx.qlogo.cn/ann.png" name="Ann" className="x" testId="a" />);
    const a = byTestId(container, 'a')[0];
    expect(a.getAttribute('data-avatar')).toBe('image');
    expect(a.tagName.toLowerCase()).toBe('taro-image-core');
    expect(a.getAttribute('src')).toBe('https://thirdwx.qlogo.cn/ann.png');
  });

  it('without a picture: the initial on the name colour; without a name: a person glyph', () => {
    const { container } = renderWith(
      <>
        <Avatar src="" name="ann lee" className="x" testId="named" />
        <Avatar name="王小明" className="x" testId="cjk" />
        <Avatar name="" seed="guest-3" className="x" testId="guest" />
      </>
    );
    const named = byTestId(container, 'named')[0];
    expect(named.getAttribute('data-avatar')).toBe('initial');
    expect(named.textContent).toBe('A');
    expect(named.style.background).toBe(hexToRgb(avatarColor('ann lee')));
    expect(byTestId(container, 'cjk')[0].textContent).toBe('王');
    const guest = byTestId(container, 'guest')[0];
    expect(guest.textContent).toBe('');
    expect(guest.querySelector('.at-icon-user')).not.toBeNull();
    expect(guest.style.background).toBe(hexToRgb(avatarColor('guest-3')));
  });
});

describe('where avatars can be missing', () => {
  it('the visitor strip gives visitors without a picture their initial, and guests a glyph of their own colour', async () => {
    const root = makeRoot('en-US');
    const items = [
      { photo: 'https://x/1.png', nickname: 'Ann' },
      { photo: '', nickname: 'bob' },
      { photo: '', nickname: '' },
      { photo: '', nickname: '' }
    ];
    root.visits = new VisitStore(visitsApi(jest.fn(async () => ({ items, total: 4 }))));
    const { container } = renderWith(<VisitorStrip linkId="carpet26" />, root);
    await act(async () => void (await root.visits.loadLatest('carpet26')));
    const faces = byTestId(container, 'visitor-face');
    expect(faces.map((f) => f.getAttribute('data-avatar'))).toEqual(['image', 'initial', 'initial', 'initial']);
    expect(faces[1].textContent).toBe('B');
    expect(faces[2].querySelector('.at-icon-user')).not.toBeNull();
    // No grey discs: every face without a picture has a colour.
    for (const f of faces.slice(1)) expect(AVATAR_COLORS.map(hexToRgb)).toContain(f.style.background);
    expect(faces[2].style.background).not.toBe('');
  });

  it('the Me page shows the logged-in nickname initial, and a glyph for a guest', async () => {
    const root: RootStore = makeRoot('en-US');
    root.visits = new VisitStore(visitsApi(jest.fn()));
    runInAction(() => {
      root.session.status = 'ready';
      root.session.user = { openid: 'o1', nickname: 'Mia', photo: '', is_mock: false } as never;
    });
    const { container, unmount } = renderWith(<MePage />, root);
    await act(async () => undefined);
    const avatar = byTestId(container, 'me-avatar')[0];
    expect(avatar.getAttribute('data-avatar')).toBe('initial');
    expect(avatar.textContent).toBe('M');
    unmount();

    runInAction(() => {
      root.session.user = { openid: 'g1', nickname: '', photo: '', is_mock: true } as never;
    });
    const guest = renderWith(<MePage />, root);
    await act(async () => undefined);
    const g = byTestId(guest.container, 'me-avatar')[0];
    expect(g.querySelector('.at-icon-user')).not.toBeNull();
    expect(g.style.background).not.toBe('');
  });

  it('the share page shows the sharer initial when the sharer has no picture', () => {
    const { container } = renderWith(<SharerHeader sharer={{ nickname: 'Ann', photo: '' }} count={2} />);
    const a = byTestId(container, 'share-sharer-avatar')[0];
    expect(a.getAttribute('data-avatar')).toBe('initial');
    expect(a.textContent).toBe('A');
  });
});
