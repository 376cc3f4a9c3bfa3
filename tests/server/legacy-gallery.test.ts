// Galleries of the old WeChat system (issue 16): an organiser brings one over with its id below 1,000,000,
// so its old address /wx/gallery?id={id} keeps working; the sequence's ids (1,000,001 up) stay apart.
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { parseGalleryArgs } from '../../server/src/cli/gallery';

const ORGANISER = 'organiser-legacy';

describe.each(BACKENDS)('legacy gallery ids on %s', (backend) => {
  let s: TestServer;
  const create = (payload: object) =>
    s.app.inject({ method: 'POST', url: '/api/v2/organizer/galleries', payload, headers: { authorization: `Bearer ${ORGANISER}` } });

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: ORGANISER });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('keeps the old id, refuses a taken or too large one, and numbers new galleries from the sequence', async () => {
    const old = (await create({ name: 'Old wedding', legacy_id: 4242, link_id: 'oldwed01' })).json();
    expect(old).toMatchObject({ code: 200, data: { gallery: { id: 4242, link_id: 'oldwed01' } } });
    const byId = (await s.app.inject({ method: 'GET', url: '/api/v2/gallery/id/4242' })).json();
    expect(byId.data.gallery).toMatchObject({ id: 4242, name: 'Old wedding' });

    expect((await create({ name: 'Again', legacy_id: 4242 })).json()).toMatchObject({ code: 400, msg: 'Gallery id 4242 is already taken' });
    const big = (await create({ name: 'Too big', legacy_id: 1_000_000 })).json();
    expect(big).toMatchObject({ code: 400 });
    expect(big.msg).toContain('legacy_id must be a gallery id below 1,000,000');
    const fresh = (await create({ name: 'New' })).json().data.gallery;
    expect(fresh.id).toBeGreaterThan(1_000_000);
    const names = (await s.db.query<{ name: string }>('SELECT name FROM galleries ORDER BY id')).rows.map((r) => r.name);
    expect(names).toEqual(['Old wedding', 'New']);
  });

  it('the CLI takes --legacy-id', () => {
    expect(parseGalleryArgs(['create', '--name', 'Old', '--legacy-id', '12', '--token', 't'], {})).toMatchObject({ gallery: { name: 'Old', legacy_id: 12 } });
    expect(() => parseGalleryArgs(['create', '--name', 'Old', '--legacy-id', '1000000', '--token', 't'], {})).toThrow('--legacy-id must be');
  });
});
