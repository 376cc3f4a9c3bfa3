import { PageRenderer } from '../../src/page-components/PageRenderer';
import { containerStyle } from '../../src/page-components/ComponentWrapper';
import { DEFAULT_THEME } from '../../types/api/gallery';
import type { PageData } from '../../types/page';
import { byTestId, makeGallery, renderWith } from './helpers';

jest.mock('../../src/api/gallery');

const page = makeGallery();
const child = makeGallery({ id: 1_000_002, link_id: 'kid001', name: 'Day One', parent: page.id });
const ctx = { gallery: page, children: [child] };

const pagedata: PageData = {
  components: [
    { id: 't1', type: 'tips', props: { text: 'Welcome to the gala' }, wrapper: { background: '#000000', color: '#ffffff', container: { margin: 10, padding: 8, radius: 12, background: '#222222' } } },
    { id: 'x1', type: 'no-such-type', props: { anything: true } },
    { id: 'g1', type: 'gallery', props: { mode: 1 } },
    { id: 'n1', type: 'navigator' },
    { id: 's1', type: 'slidehead', props: { items: [{ image: 'a'.repeat(64) }, { image: 'b'.repeat(64) }] } }
  ]
};

describe('PageRenderer', () => {
  it('renders known components in order, each in its wrapper, and skips unknown types', () => {
    const { container } = renderWith(<PageRenderer pagedata={pagedata} context={ctx} />);
    expect(byTestId(container, 'page-renderer')).toHaveLength(1);
    const wrappers = byTestId(container, 'component-wrapper');
    expect(wrappers.map((w) => w.getAttribute('data-type'))).toEqual(['tips', 'gallery', 'slidehead']);
    expect(container.querySelector('[data-type="no-such-type"]')).toBeNull();
    // The order on screen follows pagedata.
    const order = ['tips', 'gallery-list', 'slidehead'].map((id) => byTestId(container, id)[0]);
    expect(order.every(Boolean)).toBe(true);
    expect(order[0].compareDocumentPosition(order[1]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(order[1].compareDocumentPosition(order[2]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('applies the wrapper colours and the container style', () => {
    const { container } = renderWith(<PageRenderer pagedata={pagedata} context={ctx} />);
    const [tipsWrapper, galleryWrapper] = byTestId(container, 'component-wrapper');
    expect(tipsWrapper.style.background).toBe('rgb(0, 0, 0)');
    expect(tipsWrapper.style.color).toBe('rgb(255, 255, 255)');
    const card = tipsWrapper.querySelector('[data-testid="component-container"]') as HTMLElement;
    expect(card.style.margin).toBe('10px');
    expect(card.style.padding).toBe('8px');
    expect(card.style.borderRadius).toBe('12px');
    expect(card.style.background).toBe('rgb(34, 34, 34)');
    expect(card.querySelector('[data-testid="tips"]')).not.toBeNull();
    // No wrapper config: the theme's text colour and no container.
    expect(galleryWrapper.style.color).toBe('rgb(51, 51, 51)');
    expect(galleryWrapper.querySelector('[data-testid="component-container"]')).toBeNull();
  });

  it('gives commentsend no container style', () => {
    const wrapper = { container: { margin: 10, padding: 8, radius: 4 } };
    expect(containerStyle('commentsend', wrapper, DEFAULT_THEME)).toBeNull();
    expect(containerStyle('tips', wrapper, DEFAULT_THEME)).toMatchObject({ margin: '10px', padding: '8px', borderRadius: '4px', background: '#ffffff' });
  });

  it('fills defaults for missing props and renders nothing for empty pagedata', () => {
    const { container } = renderWith(<PageRenderer pagedata={null} context={ctx} />);
    expect(byTestId(container, 'page-renderer')[0].children).toHaveLength(0);
    const { container: c2 } = renderWith(<PageRenderer pagedata={{ components: [{ id: 'g', type: 'gallery' }] }} context={ctx} />);
    expect(byTestId(c2, 'gallery-card')).toHaveLength(1);
  });
});
