// Malformed requests get clean answers (envelopes, no 5xx) and the server
// keeps serving: the demo still loads in the browser afterwards.
import type { Browser } from 'playwright-core';
import { BASE_URL, DEMO_LINK, DEMO_URL, VIEWPORTS, getJson, launchBrowser, openPage, visibleTestId } from './support';

const isEnvelope = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number' && typeof (body as { msg?: unknown }).msg === 'string';

describe('the server survives malformed requests', () => {
  it('answers a path with broken percent-encoding without a server error', async () => {
    const res = await fetch(`${BASE_URL}/g/%E0%A4%A`);
    await res.text();
    expect(res.status).toBeLessThan(500);
  });

  it('answers a non-numeric offset with a 400 envelope', async () => {
    const { status, body } = await getJson('/api/v2/images/1/list?offset=abc');
    expect(status).toBe(400);
    expect(isEnvelope(body)).toBe(true);
    expect(body.code).toBe(400);
  });

  it('answers an unknown image style with a 404 envelope', async () => {
    const { status, body } = await getJson('/img/xyz!nope');
    expect(status).toBe(404);
    expect(isEnvelope(body)).toBe(true);
    expect(body.code).toBe(404);
  });

  it('answers other junk without a server error', async () => {
    const paths = [
      '/api/v2/gallery/link/%00%00',
      '/api/v2/gallery/link/' + 'a'.repeat(400),
      '/api/v2/images/99999999999999999999/list',
      '/api/v2/images/1/list?offset=-1&sorttype=%27;drop',
      '/api/v2/images/1/list?tags=' + 'x,'.repeat(300),
      '/img/' + '%'.repeat(50),
      '/session.js?token=%ZZ'
    ];
    for (const p of paths) {
      const { status } = await getJson(p);
      expect({ path: p, serverError: status >= 500 }).toEqual({ path: p, serverError: false });
    }
  });

  it('still serves the demo: API and page', async () => {
    const session = await getJson('/session.js');
    expect(session.status).toBe(200);
    expect(session.body.code).toBe(200);

    const detail = await getJson(`/api/v2/gallery/link/${DEMO_LINK}`);
    expect(detail.status).toBe(200);
    const galleryId = detail.body.data.gallery.id;
    expect(typeof galleryId).toBe('number');

    const list = await getJson(`/api/v2/images/${galleryId}/list?offset=0`);
    expect(list.status).toBe(200);
    expect(list.body.data.items.length).toBeGreaterThan(0);
    expect(list.body.data.total).toBeGreaterThanOrEqual(240);

    const browser: Browser = await launchBrowser();
    try {
      const context = await browser.newContext(VIEWPORTS[0].options);
      const t = await openPage(context);
      // The browser too may send the broken path; the app must still answer afterwards.
      const broken = await t.page.goto(`${BASE_URL}/g/%E0%A4%A`);
      expect(broken?.status() ?? 0).toBeLessThan(500);
      await t.page.goto(DEMO_URL);
      expect((await visibleTestId(t, 'gallery-name')).length).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  });
});
