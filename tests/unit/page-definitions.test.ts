/**
 * The page-component definitions (types/page): each type's defaults satisfy its own
 * schema, the app's TypeBox stand-in derives the same defaults, and the save check
 * (types/page/validate.ts) names every problem with its path.
 */
import { Value } from 'typebox/value';
import { PAGE_COMPONENT_DEFAULTS, PAGE_COMPONENT_DEFINITIONS, componentProps, isKnownComponentType } from '../../types/page';
import { checkPageData, formatIssues, MAX_PAGEDATA_BYTES } from '../../types/page/validate';
import { LinkSchema, LINK_TYPES } from '../../types/page/link';

const HASH = 'ab'.repeat(32);
const messages = (page: unknown) => formatIssues(checkPageData(page));

describe('page-component definitions', () => {
  it.each(Object.entries(PAGE_COMPONENT_DEFINITIONS))("%s: its defaults validate against its own schema", (type, def) => {
    expect(Value.Errors(def.schema, def.defaults)).toEqual([]);
    expect(Value.Check(def.schema, def.defaults)).toBe(true);
    expect(PAGE_COMPONENT_DEFAULTS[type as keyof typeof PAGE_COMPONENT_DEFAULTS]).toEqual(def.defaults);
    // A page naming only the type (no props) is valid: defaults fill in.
    expect(messages({ components: [{ id: 'c', type }] })).toEqual([]);
  });

  it('derives the same defaults with the app stand-in for typebox (what the app bundles)', () => {
    let client: typeof PAGE_COMPONENT_DEFAULTS | undefined;
    jest.isolateModules(() => {
      jest.doMock('typebox', () => jest.requireActual('../../types/api/typebox-client'));
      client = (jest.requireActual('../../types/page') as typeof import('../../types/page')).PAGE_COMPONENT_DEFAULTS;
    });
    expect(client).toEqual(PAGE_COMPONENT_DEFAULTS);
    expect(client!.slidehead).toEqual({ items: [], interval: 5000, ratio: 0.5 });
  });

  it('keeps the public API: known types, and props with defaults filled in', () => {
    expect(isKnownComponentType('photo')).toBe(true);
    expect(isKnownComponentType('formocr_unknown')).toBe(false);
    expect(componentProps('gallerygroup', { title: 'Years' })).toEqual({ ids: [], search: true, title: 'Years', mode: 3 });
    expect(componentProps('photo', undefined)).toEqual({ gallery_id: 0, mode: '2', show_tags: true });
  });
});

describe('checkPageData', () => {
  it('accepts a page with every defined type and every link type', () => {
    const links = [
      { type: 'custom', value: 'https://example.com/a?b=1' },
      { type: 'custom', url: '/g/abcdef12' },
      { type: 'page', value: 'abcdef12' },
      { type: 'subgallery', value: 'abcdef12', link_id: 'abcdef12' },
      { type: 'gallery', value: 'abcdef12' },
      { type: 'video', link_id: 'abcdef12', value: '42' },
      { type: 'home' },
      { type: 'order', value: 'abcdef12' },
      { type: 'miniprogram', appid: 'wx0123456789abcdef', path: 'pages/index?x=1' },
      { type: 'modal-image', modalcontent: HASH, modallink: { type: 'custom', value: 'https://example.com' }, modalauto: true },
      { type: 'empty', desc: 'nothing' }
    ];
    expect(links.map((l) => l.type).filter((t, i, a) => a.indexOf(t) === i)).toEqual([...LINK_TYPES]);
    for (const l of links) expect([l, Value.Check(LinkSchema, l)]).toEqual([l, true]);
    const page = {
      components: [
        { id: 's', type: 'slidehead', props: { items: links.map((link) => ({ image: HASH, link })), interval: 4000, ratio: 0.6 }, wrapper: { background: '#000' } },
        { id: 't', type: 'tips', props: { text: 'Hello', link: links[0] }, wrapper: { color: 'rgb(1, 2, 3)', container: { margin: 8, padding: 8, radius: 8, background: 'white' } } },
        { id: 'p', type: 'pendent', props: { buttons: [{ type: 'custom', image: HASH, link: links[9], event: 'tap', child: [{ type: 'share' }] }, { type: 'top', hidden: true }] } },
        { id: 'n', type: 'navigator', props: { show_my: true, home_label: 'live' } },
        { id: 'g', type: 'gallery', props: { mode: 4, ids: [1_000_001], search: true, title: 'Albums' } },
        { id: 'gg', type: 'gallerygroup', props: { mode: 2 } },
        { id: 'gg2', type: 'groupgallery', props: { search: false } },
        { id: 'ph', type: 'photo', props: { gallery_id: 1_000_002, mode: 'waterfall', show_tags: false } },
        { id: 'rt', type: 'richtext', props: { hash: HASH } },
        { id: 'lr', type: 'liverich' },
        { id: 'im', type: 'image', props: { items: [{ image: HASH, link: links[9] }], columns: 2, gap: 8 } },
        { id: 'ib', type: 'image_bottom', props: { items: [{ image: HASH }] } },
        { id: 'co', type: 'collapse', props: { items: [{ title: 'Schedule', expand: true, children: [{ id: 'rt', type: 'richtext', props: { hash: HASH } }] }] } },
        { id: 'em', type: 'empty', props: { direction: 'row', children: [{ id: 't', type: 'tips', props: { text: 'in a row' } }] } }
      ]
    };
    expect(messages(page)).toEqual([]);
  });

  it('names every wrong type, unknown field, oversize value and bad link with its path', () => {
    const page = {
      components: [
        { id: 'a', type: 'tips', props: { text: 'x'.repeat(201), colour: 'red', link: { type: 'custom', value: 'javascript:alert(1)' } } },
        { id: 'b', type: 'slidehead', props: { items: [{ image: 'nope' }, { image: HASH, link: { type: 'teleport' } }], interval: '5s', ratio: 0 } },
        { id: 'c', type: 'pendent', props: { buttons: [{ type: 'rocket' }, { type: 'custom', link: { type: 'miniprogram', appid: 'wx1' } }] } },
        { id: 'd', type: 'photo', props: { mode: '3', show_tags: 'yes' }, wrapper: { background: 'url(x)', container: { margin: 500, shadow: 1 } } },
        { id: 'e', type: 'gallery', props: { ids: Array.from({ length: 201 }, (_, i) => i + 1) } },
        { id: 'f', type: 'tips', props: { link: { type: 'video', value: '7' } } },
        { id: 'g', type: 'tips', props: { link: { type: 'custom' } } }
      ]
    };
    expect(messages(page)).toEqual([
      'pagedata.components[0].props.text: must be at most 200 characters',
      'pagedata.components[0].props.colour: unknown field',
      'pagedata.components[0].props.link.value: must be an http(s) address or a path starting with /',
      'pagedata.components[1].props.items[0].image: must be the content hash of a stored image (64 hex digits)',
      'pagedata.components[1].props.items[1].link.type: must be one of custom, page, subgallery, gallery, video, home, order, miniprogram, modal-image, empty',
      'pagedata.components[1].props.interval: must be an integer',
      'pagedata.components[1].props.ratio: must be above 0',
      'pagedata.components[2].props.buttons[0].type: must be one of download, good, refresh, setting, lang, people, event, custom, order, jigsaw, redpackage, share, top',
      'pagedata.components[2].props.buttons[1].link.appid: must be a mini-program appid (wx and 16 hex digits)',
      'pagedata.components[3].wrapper.background: must be a colour: #rgb, #rrggbb, rgb(), rgba() or a name',
      'pagedata.components[3].wrapper.container.margin: must be at most 200',
      'pagedata.components[3].wrapper.container.shadow: unknown field',
      'pagedata.components[3].props.mode: must be one of 1, 2, 4, flow, waterfall',
      'pagedata.components[3].props.show_tags: must be a boolean',
      'pagedata.components[4].props.ids: must have at most 200 items',
      'pagedata.components[5].props.link.link_id: is required',
      'pagedata.components[6].props.link: a custom link needs value or url'
    ]);
  });

  it('checks the component envelope: id, type, unique ids, no other fields', () => {
    expect(messages({ components: [{ type: 'photo' }, { id: 'x', type: 'Photo!', props: [] }, { id: 'x', type: 'photo', style: {} }, 7], extra: 1 })).toEqual([
      'pagedata.extra: unknown field'
    ]);
    expect(messages({ components: [{ type: 'photo' }, { id: 'x', type: 'Photo!', props: [] }, { id: 'x', type: 'photo', style: {} }, 7] })).toEqual([
      'pagedata.components[0].id: is required',
      'pagedata.components[1].type: must be a component type: lower-case letters, digits and _ (at most 32)',
      'pagedata.components[1].props: must be an object',
      'pagedata.components[2].style: unknown field',
      'pagedata.components[2].id: must be unique in its list (components[1] has "x")',
      'pagedata.components[3]: must be an object'
    ]);
    expect(messages([])).toEqual(['pagedata: must be an object {components: [...]}']);
    expect(messages({ components: Array.from({ length: 201 }, (_, i) => ({ id: `c${i}`, type: 'tips' })) })).toEqual([
      'pagedata.components: must have at most 200 items'
    ]);
  });

  it('keeps unknown types with props of any shape inside an object, and still checks their wrapper', () => {
    expect(messages({ components: [{ id: 'r', type: 'vote', props: { id: 'x', nested: [{ a: 1 }] } }] })).toEqual([]);
    expect(messages({ components: [{ id: 'r', type: 'vote', props: 'text' }] })).toEqual(['pagedata.components[0].props: must be an object']);
    expect(messages({ components: [{ id: 'r', type: 'vote', wrapper: { color: 5 } }] })).toEqual(['pagedata.components[0].wrapper.color: must be a string']);
  });

  it('checks components inside components (collapse, empty) with their paths, at most 4 levels deep', () => {
    const page = {
      components: [
        { id: 'co', type: 'collapse', props: { items: [{ title: 'A', children: [{ id: 'x', type: 'tips', props: { text: 5 } }, { id: 'x', type: 'image', props: { columns: 9 } }] }] } },
        { id: 'em', type: 'empty', props: { children: [{ id: 'in', type: 'empty', props: { direction: 'diagonal', children: 'no' } }] } }
      ]
    };
    expect(messages(page)).toEqual([
      'pagedata.components[0].props.items[0].children[0].props.text: must be a string',
      'pagedata.components[0].props.items[0].children[1].id: must be unique in its list (children[0] has "x")',
      'pagedata.components[0].props.items[0].children[1].props.columns: must be at most 4',
      'pagedata.components[1].props.children[0].props.direction: must be one of row, column',
      'pagedata.components[1].props.children[0].props.children: must be an array'
    ]);
    const nest = (depth: number): Record<string, unknown> =>
      depth === 0 ? { id: 't', type: 'tips' } : { id: `e${depth}`, type: 'empty', props: { children: [nest(depth - 1)] } };
    expect(messages({ components: [nest(4)] })).toEqual([]);
    expect(messages({ components: [nest(5)] })).toEqual([
      'pagedata.components[0].props.children[0].props.children[0].props.children[0].props.children[0].props.children: components may nest at most 4 levels deep'
    ]);
  });

  it('bounds the whole page', () => {
    const big = { components: [{ id: 'r', type: 'vote', props: { blob: 'é'.repeat(MAX_PAGEDATA_BYTES / 2) } }] };
    expect(messages(big)).toEqual([`pagedata: must be at most ${MAX_PAGEDATA_BYTES} bytes of JSON (is ${MAX_PAGEDATA_BYTES + JSON.stringify({ ...big, components: [{ ...big.components[0], props: { blob: '' } }] }).length})`]);
  });
});
