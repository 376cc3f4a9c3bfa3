import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import { migrate } from './db/migrate';
import type { ObjectStore } from './storage';
import { createServices, type Services } from './services';
import { createProviders, type Providers } from './providers';
import { InProcessBus, type LiveBus } from './live/bus';
import { AppError } from './errors';
import { clientErrorHandler, requireDeclaredRoutes, schemaOptions, sendError } from './http';
import { viewerOf, type Viewer } from './viewer';
import { ErrorCode } from '../../types/envelope';
import { assertSameSiteUse, requestToken } from './sessionCookie';
import { fastifyTrustProxy } from './trustProxy';
import { bodyDeadline } from './bodyDeadline';
import { limitJsonDepth } from './jsonBody';
import { ORDER_SWEEP_MS } from './services/pay/pay';
import { ORPHAN_SWEEP_MS } from './services/photos/orphans';
import { GUEST_PRUNE_EVERY_MS, GUEST_PRUNE_FIRST_MS } from './services/session/guestPrune';
import sessionRoutes from './routes/session';
import galleryRoutes from './routes/gallery';
import photoRoutes from './routes/photos';
import imageRoutes from './routes/image';
import h5Routes, { H5_STATIC_ROUTES } from './routes/h5';
import { registerCompression } from './compression';
import { registerSecurityHeaders } from './securityHeaders';
import websocket from '@fastify/websocket';
import liveGateway, { LIVE_WS_OPTIONS, closeLiveSockets } from './live/gateway';

export interface AppDeps {
  config: Config;
  db: Db;
  store: ObjectStore;
  /** Live bus; in-process when omitted. */
  bus?: LiveBus;
  /** Login, payment and SMS providers; those the config asks for when omitted (tests pass fakes). */
  providers?: Providers;
  logger?: FastifyServerOptions['logger'];
  /** Unix seconds for time rules a test moves (red packet expiry); the system clock when omitted. */
  clock?: () => number;
}

/** The whole server as a Fastify instance; tests use it without a port (app.inject). */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: Services }> {
  await migrate(deps.db);
  fs.mkdirSync(path.join(deps.config.dataDir, 'cache'), { recursive: true });
  const app = Fastify({
    ajv: schemaOptions.ajv,
    schemaErrorFormatter: schemaOptions.schemaErrorFormatter,
    logger: deps.logger ?? false,
    // One line per answered request, at debug unless LOG_REQUESTS asks for info (hook below).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Deadlines: headers within Node's headersTimeout (60 s at most); every request, streamed
    // uploads included, whole within UPLOAD_TIMEOUT_MS (cut with the 408 envelope by
    // clientErrorHandler); ordinary bodies within REQUEST_TIMEOUT_MS (the preParsing hook below).
    requestTimeout: deps.config.uploadTimeoutMs,
    http: {
      requestTimeout: deps.config.uploadTimeoutMs,
      headersTimeout: Math.min(60_000, deps.config.uploadTimeoutMs),
      // How often Node looks for connections past those deadlines (its default is 30 s).
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(deps.config.requestTimeoutMs / 4)))
    },
    // TRUST_PROXY: behind a reverse proxy, req.ip (per-IP limits) is the forwarded client address.
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    routerOptions: { maxParamLength: 300 },
    // Requests Node's HTTP parser refuses answer the envelope as well.
    clientErrorHandler,
    // Errors raised before routing (a malformed URL, a bad content type) use the envelope too.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      const msg = err.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : err.message;
      void sendError(reply, new AppError(status, msg));
    }
  });

  // Every route comes from a declared call (types/api), except the H5 build's static files.
  const checkRoutes = requireDeclaredRoutes(app, H5_STATIC_ROUTES);

  // Sandbox SMS codes go to this app's log (gated pages).
  const providers = deps.providers ?? createProviders(deps.config, (line) => app.log.info(line));
  const ctx = createServices({
    config: deps.config,
    db: deps.db,
    store: deps.store,
    bus: deps.bus ?? new InProcessBus(),
    providers,
    warn: (msg, err) => app.log.warn({ err }, msg),
    info: (line) => app.log.info(line),
    clock: deps.clock
  });

  // A login through any process drops that session from every process's cache (bus.ts BusNotice).
  const stopNotices = ctx.sessions.listen();
  // Unpaid orders past their time are closed with the provider (also on access, in getCharge).
  const stopSweep = ctx.pay.startSweeping(ORDER_SWEEP_MS, (msg, err) => app.log.warn({ err }, msg));
  // Leftovers (services/photos/orphans.ts): a crash's `.part` files now; then, in the
  // background, renders of photos no longer visible and uploads never registered.
  await ctx.orphans.sweepParts();
  const stopOrphans = ctx.orphans.start(ORPHAN_SWEEP_MS, (msg, err) => app.log.warn({ err }, msg));
  // Guests that never came back are deleted (services/session/guestPrune.ts).
  const stopGuestSweep = ctx.guests.startSweeping(GUEST_PRUNE_EVERY_MS, GUEST_PRUNE_FIRST_MS, (msg, err) => app.log.warn({ err }, msg));
  // Face indexing (services/face/indexer.ts): photos of use_face galleries, paced behind uploads.
  const stopFaces = deps.config.faceIndexing ? ctx.faceIndexer.start() : async () => undefined;
  // OCR (services/ocr/indexer.ts): photos of galleries a formocr component searches, paced the same way.
  const stopOcr = deps.config.ocrIndexing ? ctx.ocrIndexer.start() : async () => undefined;
  // Indexing progress in the log (services/indexing/progressLog.ts), where this process indexes.
  const stopIndexingLog =
    deps.config.faceIndexing || deps.config.ocrIndexing ? ctx.indexingLog.start(undefined, (msg, err) => app.log.warn({ err }, msg)) : async () => undefined;
  // Red packets (services/redpackets/sweeper.ts): target-time announcements, 24-hour refunds, payouts.
  const stopRedPackets = ctx.redPacketSweeper.start();
  // Long pictures (services/splice/sweep.ts): rows of abandoned renders, files no row names.
  const stopSplices = ctx.spliceSweeper.start();
  app.addHook('onClose', async () => {
    stopNotices();
    stopOrphans();
    await Promise.all([stopSweep(), ctx.orphans.idle(), stopGuestSweep(), stopFaces(), stopOcr(), stopIndexingLog(), stopRedPackets(), stopSplices()]);
    await ctx.redPacketGrabber.close();
    (await ctx.faceVectors.made()?.catch(() => null))?.close();
    await (await ctx.faceEngine.made()?.catch(() => null))?.close();
    await (await ctx.ocrEngine.made()?.catch(() => null))?.close();
  });

  // A body trickled in slowly is cut at REQUEST_TIMEOUT_MS (408 envelope, connection closed).
  app.addHook('preParsing', bodyDeadline(deps.config.requestTimeoutMs));
  // JSON nested deeper than MAX_JSON_DEPTH is refused before it is parsed (400 JSON_TOO_DEEP).
  limitJsonDepth(app);

  app.decorateRequest('token', undefined);
  app.decorateRequest('tokenFrom', undefined);
  app.decorateRequest('viewer', null as unknown as Viewer);
  // The session: the Authorization header, `?token=` where the route allows it (the live socket), the H5 cookie (sessionCookie.ts).
  app.addHook('onRequest', async (req) => {
    ({ token: req.token, from: req.tokenFrom } = requestToken(req, false));
  });
  // The request becomes a Viewer once, after its input was validated; a cookie's write from another site is refused first.
  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.config.tokenInQuery) ({ token: req.token, from: req.tokenFrom } = requestToken(req, true));
    assertSameSiteUse(req, deps.config.publicUrl);
    req.viewer = viewerOf(await ctx.sessions.resolve(req.token), req.ip, req.token);
  });

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) return sendError(reply, err);
    const e = err as { validation?: unknown; statusCode?: number; message: string; code?: string };
    if (e.validation) return sendError(reply, new AppError(ErrorCode.BAD_REQUEST, e.message));
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return sendError(reply, new AppError(e.statusCode, e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type' : e.message));
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, new AppError(ErrorCode.INTERNAL, 'Internal server error'));
  });

  const requestLevel = deps.config.logRequests ? 'info' : 'debug';
  app.addHook('onResponse', async (req, reply) => {
    req.log[requestLevel]({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });

  // nosniff, the Referrer-Policy, and the CSP of server-written pages, on every answer (securityHeaders.ts).
  registerSecurityHeaders(app);

  // brotli/gzip for API JSON, /session.js and HTML above 1 KB (compression.ts).
  await registerCompression(app);

  // Live channel: upgrades run through the normal hooks, so refusals are envelopes (live/gateway.ts).
  await app.register(websocket, { options: LIVE_WS_OPTIONS, preClose: closeLiveSockets });

  await app.register(async (api) => {
    await sessionRoutes(api, ctx);
    await liveGateway(api, ctx);
    await galleryRoutes(api, ctx);
    await photoRoutes(api, ctx);
    await imageRoutes(api, ctx);
    await (await import('./routes/likes')).default(api, ctx);
    await (await import('./routes/visits')).default(api, ctx);
    await (await import('./routes/mine')).default(api, ctx);
    await (await import('./routes/splice')).default(api, ctx);
    await (await import('./routes/posters')).default(api, ctx);
    await (await import('./routes/batch')).default(api, ctx);
    await (await import('./routes/stats')).default(api, ctx);
    // The image share page: who shared (nickname and avatar only).
    await (await import('./routes/share')).default(api, ctx);
    // WeChat JS-SDK: the signature of a page for wx.config.
    await (await import('./routes/jssdk')).default(api, ctx);
    // Paid originals: signed original URLs and streamed ZIP downloads (issue 5 items 3, 4).
    await (await import('./routes/originals')).default(api, ctx);
    // Photographer ingest: signed upload policy, the local OSS host, photo registration; the organiser API.
    await (await import('./routes/upload')).default(api, ctx);
    await (await import('./routes/organizer')).default(api, ctx);
    // Payment: goods, orders, prepay, charge polling, the WeChat Pay notification and the sandbox pay page.
    await (await import('./routes/pay')).default(api, ctx);
    // Login: mini-program code2session, WeChat H5 OAuth, desktop QR, the local sandbox (issue 5 item 1).
    await (await import('./routes/auth')).default(api, ctx);
    // The mini-program's chosen avatar: upload (multipart) and the public GET /avatars/{hash}.jpg.
    await (await import('./routes/avatar')).default(api, ctx);
    // Gated pages: password and phone gates, SMS codes, permissibility (issue 5 item 5).
    await (await import('./routes/permission')).default(api, ctx);
    // Face search: find my photos by a selfie, My Photo and Following, persons, 'maybe', hide, destroy-myself.
    await (await import('./routes/face')).default(api, ctx);
    await (await import('./routes/content')).default(api, ctx);
    // Text-in-photo search (formocr): GET /api/ocr/search.
    await (await import('./routes/ocr')).default(api, ctx);
    // How far indexing has got: the organiser's and the visitors' reads (types/api/indexing.ts).
    await (await import('./routes/indexing')).default(api, ctx);
    // Forms: phone codes, validation, paper post; the organiser's submissions and CSV.
    await (await import('./routes/forms')).default(api, ctx);
    // Comments: posting, lists, replies, the bullet screen's history, gifts, emotions, block checks; the organiser's moderation.
    await (await import('./routes/comments')).default(api, ctx);
    // Red packets: precreate, create, ask, get, list, detail; the phone sign-up (bindphone).
    await (await import('./routes/redpackets')).default(api, ctx);
    // The order / preorder page's offers and the group page (issue 16); the organiser's groups.
    await (await import('./routes/groups')).default(api, ctx);
    await h5Routes(api, ctx);
  });
  checkRoutes();
  return { app, services: ctx };
}
