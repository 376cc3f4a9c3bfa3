import { SelectionStore, selectionLimits, type SelectionAlert } from '../../src/stores/photos/SelectionStore';

function setup() {
  const alerts: SelectionAlert[] = [];
  return { s: new SelectionStore((a) => alerts.push(a)), alerts };
}

describe('selection limits (spec part 2 §5)', () => {
  it('download and share: 1 to 50; long jigsaw 2 to 12; poster 1; other jigsaws 1 to 9', () => {
    expect(selectionLimits('download')).toMatchObject({ min: 1, max: 50, maxAlert: 'select.MAX_DOWNLOAD_NUM', minAlert: 'select.min-download' });
    expect(selectionLimits('share')).toMatchObject({ min: 1, max: 50, maxAlert: 'select.MAX_SHARE_NUM' });
    expect(selectionLimits('jigsaw', 'long')).toMatchObject({ min: 2, max: 12, maxAlert: 'select.MAX_JIGSAW_NUM', minAlert: 'select.min-jigsaw' });
    expect(selectionLimits('jigsaw', 'poster')).toMatchObject({ min: 1, max: 1 });
    expect(selectionLimits('jigsaw')).toMatchObject({ min: 1, max: 9 });
  });
});

describe('SelectionStore', () => {
  it('adds and removes photos; the badge is the position in the selection', () => {
    const { s } = setup();
    s.start('download');
    s.toggle(5);
    s.toggle(9);
    s.toggle(3);
    expect(s.badge(9)).toBe(2);
    s.toggle(5);
    expect(s.ids).toEqual([9, 3]);
    expect(s.badge(9)).toBe(1);
    expect(s.badge(5)).toBe(0);
  });

  it('does nothing outside selection mode', () => {
    const { s } = setup();
    expect(s.toggle(1)).toBe(false);
    expect(s.count).toBe(0);
  });

  it('the 51st download photo alerts MAX_DOWNLOAD_NUM with {num} 50 and is not added', () => {
    const { s, alerts } = setup();
    s.start('download');
    for (let i = 1; i <= 50; i++) expect(s.toggle(i)).toBe(true);
    expect(s.toggle(51)).toBe(false);
    expect(s.count).toBe(50);
    expect(alerts).toEqual([{ key: 'select.MAX_DOWNLOAD_NUM', num: 50 }]);
  });

  it('a 10th photo of a jigsaw alerts MAX_JIGSAW_NUM 9; a second poster photo alerts 1', () => {
    const { s, alerts } = setup();
    s.start('jigsaw');
    for (let i = 1; i <= 10; i++) s.toggle(i);
    s.start('jigsaw', 'poster');
    s.toggle(1);
    s.toggle(2);
    expect(alerts).toEqual([{ key: 'select.MAX_JIGSAW_NUM', num: 9 }, { key: 'select.MAX_JIGSAW_NUM', num: 1 }]);
  });

  it('share over 50 alerts MAX_SHARE_NUM', () => {
    const { s, alerts } = setup();
    s.start('share');
    for (let i = 1; i <= 51; i++) s.toggle(i);
    expect(alerts).toEqual([{ key: 'select.MAX_SHARE_NUM', num: 50 }]);
  });

  it('submit under the minimum alerts (min-jigsaw 2 for long, min-download 1 otherwise)', () => {
    const { s, alerts } = setup();
    s.start('jigsaw', 'long');
    s.toggle(1);
    expect(s.submit()).toBeNull();
    s.start('download');
    expect(s.submit()).toBeNull();
    expect(alerts).toEqual([{ key: 'select.min-jigsaw', num: 2 }, { key: 'select.min-download', num: 1 }]);
    s.toggle(4);
    expect(s.submit()).toEqual([4]);
  });

  it('cancel leaves selection mode and clears it', () => {
    const { s } = setup();
    s.start('share');
    s.toggle(1);
    s.cancel();
    expect(s.active).toBe(false);
    expect(s.count).toBe(0);
  });
});
