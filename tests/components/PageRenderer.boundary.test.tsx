import { PageRenderer } from '../../src/page-components/PageRenderer';
import { byTestId, makeGallery, renderWith } from './helpers';

// The tips renderer blows up: the page must still show the other components.
jest.mock('../../src/page-components/tips', () => ({
  __esModule: true,
  default: () => {
    throw new Error('broken component');
  }
}));

it('contains a throwing component and renders the rest', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const g = makeGallery();
  const { container } = renderWith(
    <PageRenderer
      pagedata={{
        components: [
          { id: 'a', type: 'slidehead', props: { items: [{ image: 'a'.repeat(64) }] } },
          { id: 'b', type: 'tips', props: { text: 'hello' } },
          { id: 'c', type: 'gallery' }
        ]
      }}
      context={{ gallery: g, children: [makeGallery({ id: 1_000_002, link_id: 'kid001' })] }}
    />
  );
  expect(byTestId(container, 'component-wrapper').map((w) => w.getAttribute('data-type'))).toEqual(['slidehead', 'gallery']);
  expect(byTestId(container, 'slidehead')).toHaveLength(1);
  expect(byTestId(container, 'gallery-card')).toHaveLength(1);
  expect(error.mock.calls.some((c) => String(c[0]).includes('tips#b'))).toBe(true);
  error.mockRestore();
});
