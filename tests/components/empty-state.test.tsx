// Empty states show an illustration and their line of text (issue 12, Experience 6),
// drawn as an SVG image so both targets show it. Runs in H5 and TARO_ENV_JEST=weapp.
import { fireEvent } from '@testing-library/react';
import { EmptyState } from '../../src/components/empty-state';
import { EMPTY_ARTS, emptyArtUrl } from '../../src/components/empty-state/art';
import { byTestId, renderWith } from './helpers';

/** The SVG document inside a data URL. */
const svgOf = (url: string) => Buffer.from(url.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

describe('EmptyState', () => {
  it('shows its illustration above the text, the detail and the action', () => {
    const onTap = jest.fn();
    const { container } = renderWith(<EmptyState text="No photos" detail="Come back later" art="waiting" action={{ label: 'Retry', onTap }} testId="e" />);
    const root = byTestId(container, 'e')[0];
    expect(root.getAttribute('data-art')).toBe('waiting');
    const art = byTestId(root, 'empty-state-art')[0];
    expect(art.tagName.toLowerCase()).toBe('taro-image-core');
    const src = art.getAttribute('src')!;
    expect(src).toBe(emptyArtUrl('waiting'));
    expect(src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(root.textContent).toBe('No photosCome back laterRetry');
    fireEvent.click(root.querySelector('.empty-state__action')!);
    expect(onTap).toHaveBeenCalledTimes(1);
  });

  it('defaults to the photos illustration; no blank placeholder box is drawn', () => {
    const { container } = renderWith(<EmptyState text="Nothing here" />);
    expect(byTestId(container, 'empty-state')[0].getAttribute('data-art')).toBe('photos');
    expect(container.querySelector('.empty-state__icon, .empty-state__art:not(taro-image-core)')).toBeNull();
  });

  it('every illustration is a well-formed SVG drawing in the brand colour, each its own', () => {
    const seen = new Set<string>();
    for (const art of EMPTY_ARTS) {
      const svg = svgOf(emptyArtUrl(art));
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 160 120">.*<\/svg>$/);
      expect(svg).toContain('#50d3cd');
      // Parses as XML, with drawing in it.
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      expect(doc.documentElement.children.length).toBeGreaterThan(4);
      seen.add(svg);
    }
    expect(seen.size).toBe(EMPTY_ARTS.length);
    // Another colour draws another image.
    expect(emptyArtUrl('photos', '#ff6600')).not.toBe(emptyArtUrl('photos'));
  });
});
