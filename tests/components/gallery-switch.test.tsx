import { fireEvent } from '@testing-library/react';
import { render } from '@testing-library/react';
import { GallerySwitchPanel } from '../../src/components/gallery-switch';
import { GalleryHeader } from '../../src/components/gallery-header';
import { GalleryDirectoryStore } from '../../src/stores/gallery/GalleryDirectoryStore';
import { byTestId, makeGallery, makeRoot } from './helpers';

const top = makeGallery({ id: 1_000_001, link_id: 'demo2026', name: 'Gala' });
const carpet = makeGallery({ id: 1_000_002, link_id: 'carpet26', name: 'Red Carpet', parent: top.id, parent_link_id: 'demo2026', image_total: 1200 });
const party = makeGallery({ id: 1_000_003, link_id: 'party026', name: 'After Party', parent: top.id, parent_link_id: 'demo2026' });

function panel(over: Partial<Parameters<typeof GallerySwitchPanel>[0]> = {}) {
  const onSwitch = jest.fn();
  const onClose = jest.fn();
  makeRoot('en-US');
  const r = render(<GallerySwitchPanel open galleries={[carpet, party]} currentId={carpet.id} main="#50d3cd" onClose={onClose} onSwitch={onSwitch} {...over} />);
  return { ...r, onSwitch, onClose };
}

describe('gallery switch panel', () => {
  it('lists the galleries on the live-photo tab with the current one marked', () => {
    const { container } = panel();
    expect(byTestId(container, 'gallery-switch-tab-photo')[0].getAttribute('data-active')).toBe('true');
    expect(byTestId(container, 'gallery-switch-tab-photo')[0].textContent).toBe('Live photos');
    expect(byTestId(container, 'gallery-switch-tab-video')[0].textContent).toBe('Live Video');
    const items = byTestId(container, 'gallery-switch-item');
    expect(items.map((i) => i.getAttribute('data-link-id'))).toEqual(['carpet26', 'party026']);
    expect(items[0].textContent).toContain('Current');
    expect(items[0].textContent).toContain('1.2k photos');
    expect(items[0].getAttribute('data-selected')).toBe('true');
    // Switching to where one already is does nothing.
    const go = byTestId(container, 'gallery-switch-go')[0];
    expect(go.textContent).toBe('Switch gallery');
    expect(go.getAttribute('data-disabled')).toBe('true');
  });

  it("switches to the picked gallery with 'Switch gallery'", () => {
    const { container, onSwitch } = panel();
    fireEvent.click(byTestId(container, 'gallery-switch-item')[1]);
    expect(byTestId(container, 'gallery-switch-item')[1].getAttribute('data-selected')).toBe('true');
    fireEvent.click(byTestId(container, 'gallery-switch-go')[0]);
    expect(onSwitch).toHaveBeenCalledWith(party);
  });

  it('the live-video tab shows its empty state and cannot switch', () => {
    const { container, onSwitch } = panel();
    fireEvent.click(byTestId(container, 'gallery-switch-item')[1]);
    fireEvent.click(byTestId(container, 'gallery-switch-tab-video')[0]);
    expect(byTestId(container, 'gallery-switch-item')).toHaveLength(0);
    expect(byTestId(container, 'gallery-switch-video-empty')[0].textContent).toContain('No live video yet');
    fireEvent.click(byTestId(container, 'gallery-switch-go')[0]);
    expect(onSwitch).not.toHaveBeenCalled();
  });

  it('closes from the mask and the close button; renders nothing when closed', () => {
    const { container, onClose } = panel();
    fireEvent.click(byTestId(container, 'gallery-switch-mask')[0]);
    fireEvent.click(byTestId(container, 'gallery-switch-close')[0]);
    expect(onClose).toHaveBeenCalledTimes(2);
    const closed = render(<GallerySwitchPanel open={false} galleries={[carpet]} currentId={1} main="#000" onClose={() => undefined} onSwitch={() => undefined} />);
    expect(byTestId(closed.container, 'gallery-switch')).toHaveLength(0);
  });

  it('the header offers the panel only when there is somewhere to switch', () => {
    makeRoot('en-US');
    const onSwitch = jest.fn();
    const { container } = render(<GalleryHeader gallery={carpet} status="start" photoCount={3} onSwitch={onSwitch} />);
    fireEvent.click(byTestId(container, 'gallery-switch-open')[0]);
    expect(onSwitch).toHaveBeenCalled();
    const none = render(<GalleryHeader gallery={carpet} status="start" photoCount={3} />);
    expect(byTestId(none.container, 'gallery-switch-open')).toHaveLength(0);
  });
});

describe('GalleryDirectoryStore', () => {
  it('switch targets: the sub-galleries of a page, else the siblings from its parent', async () => {
    const loadDetail = jest.fn(async () => ({ gallery: top, children: [carpet, party] }));
    const dir = new GalleryDirectoryStore(jest.fn(), loadDetail);
    expect(dir.switchTargets(top, [carpet, party])).toEqual([carpet, party]);
    expect(dir.switchTargets(carpet, [])).toEqual([]);
    await dir.loadChildren('demo2026');
    expect(loadDetail).toHaveBeenCalledWith({ link_id: 'demo2026' });
    expect(dir.switchTargets(carpet, []).map((g) => g.link_id)).toEqual(['carpet26', 'party026']);
    expect(dir.byId.get(top.id)?.name).toBe('Gala');
  });

  it('loads unknown ids at most 50 per call, each id once', async () => {
    const loadByIds = jest.fn(async (ids: number[]) => ids.map((id) => makeGallery({ id, link_id: `g${id}`.padEnd(6, '0') })));
    const dir = new GalleryDirectoryStore(loadByIds, jest.fn());
    dir.remember([carpet]);
    const ids = [carpet.id, ...Array.from({ length: 120 }, (_, i) => i + 1)];
    await dir.ensure(ids);
    expect(loadByIds.mock.calls.map((c) => c[0].length)).toEqual([50, 50, 20]);
    await dir.ensure(ids);
    expect(loadByIds).toHaveBeenCalledTimes(3);
    expect(dir.byId.size).toBe(121);
  });
});
