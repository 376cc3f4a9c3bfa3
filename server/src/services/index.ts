import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db';
import type { ObjectStore } from '../storage';
import type { Providers } from '../providers';
import { livePublisher, type LiveBus } from '../live/bus';
import { resolveUploadSecret } from '../storage/policy';
import { ImagePipeline } from '../images';
import { SessionService, guestSessionRule } from './session/session';
import { GuestPruner } from './session/guestPrune';
import { OrganizerAccess } from './session/organizer';
import { ContentService } from './content/content';
import { GalleryService } from './gallery/gallery';
import { VisitService } from './gallery/visits';
import { BatchService } from './gallery/batch';
import { PhotoService } from './photos/photos';
import { PhotoEvents } from './photos/events';
import { PrerenderQueue } from './photos/prerender';
import { IngestService } from './photos/ingest';
import { OrphanSweeper } from './photos/orphans';
import { ImageService } from './photos/images';
import { OrganizerService } from './photos/organizer';
import { OrganizerSettings } from './gallery/organizerSettings';
import { OrganizerGoodsService } from './pay/organizerGoods';
import { OrganizerOrdersService } from './pay/organizerOrders';
import { LikeService } from './photos/likes';
import { MineService } from './mine/mine';
import { SpliceService } from './splice/splices';
import { SpliceSweeper } from './splice/sweep';
import { PosterService } from './posters/posters';
import { StatsService } from './stats/stats';
import { SharerService } from './auth/sharer';
import { JsSdkService } from './jssdk/jssdk';
import { CredentialCache } from './jssdk/credentials';
import { AvatarService } from './auth/avatars';
import { RateLimiter } from './shared/rateLimit';
import { GateAccess } from './gates/gateAccess';
import { PermissionService } from './gates/permission';
import { OrganizerGateService } from './gates/gateSettings';
import { UrlSigner } from './pay/signedUrls';
import { OriginalsService } from './pay/signedImage';
import { DownloadService } from './pay/zip';
import { OrderBook } from './pay/orders';
import { PayService } from './pay/pay';
import { AuthService } from './auth/auth';
import { LiveAccess } from './live/access';
import { H5Document } from './h5/document';
import { LandingService } from './gallery/landing';
import { AutoCover } from './gallery/autoCover';
import { DEMO_LINK_ID } from '../demo/demo';
import { FACE_ENGINE_VERSION, FACE_ENGINE_VERSIONS, getFaceEngine, MATCH_THRESHOLD } from '../face/engine';
import { createVectorIndex, type VectorIndex } from './face/vectors';
import { FaceIndexer } from './face/indexer';
import { faceEngines, olderVersionsOf } from './face/engines';
import { FaceVersions } from './face/transition';
import { FaceService } from './face/faces';
import { FaceFollowService } from './face/follows';
import { FaceProfileService } from './face/profile';
import { createOcrEngine } from '../ocr/engine';
import { OcrIndexer } from './ocr/indexer';
import { OcrSearchService } from './ocr/search';
import { IndexingProgress } from './indexing/progress';
import { IndexingLog } from './indexing/progressLog';
import { FormService } from './forms/forms';
import { FormSubmissionService } from './forms/submissions';
import { CommentService } from './comments/comments';
import { CommentReads } from './comments/reads';
import { CommentModeration } from './comments/moderation';
import { CommentEvents } from './comments/events';
import { createRedPackets } from './redpackets';
import { OrderPageService } from './pay/orderPage';
import { GroupService } from './groups/groups';

/** A value made on first use, once (concurrent first callers share it). */
function once<T>(make: () => Promise<T>): (() => Promise<T>) & { made: () => Promise<T> | null } {
  let p: Promise<T> | null = null;
  const get = () => (p ??= make().catch((e) => {
    p = null;
    throw e;
  }));
  return Object.assign(get, { made: () => p });
}

/** What the services are built from: the outside world, chosen by main.ts or a test. */
export interface Infrastructure {
  config: Config;
  db: Db;
  store: ObjectStore;
  bus: LiveBus;
  providers: Providers;
  /** Warnings of background work (closing orders, failed renders). */
  warn: (msg: string, err?: unknown) => void;
  /** Information lines for the server log (indexing progress). */
  info?: (line: string) => void;
  /** Unix seconds for time rules a test moves (red packet expiry and refunds); the system clock by default. */
  clock?: () => number;
}

/**
 * The one place where services are built, once per app. Each service is a class
 * whose constructor names what it depends on; routes get this object and call
 * one service method per request.
 */
export function createServices(infra: Infrastructure) {
  const { config, db, store, bus, providers } = infra;
  const secret = resolveUploadSecret(config);
  const limits = new RateLimiter(db);
  const sessions = new SessionService(db, bus, { limits, rule: guestSessionRule(config.guestSessionsPerMin) });
  const gates = new GateAccess(db, limits, secret, providers.sms, infra.warn);
  const galleries = new GalleryService(db, gates);
  const liveAccess = new LiveAccess(galleries, gates, bus);
  const photos = new PhotoService(db, galleries, gates);
  // A gate change reaches the gallery's (and for a page gate its sub-pages') cached rows and lists.
  gates.onGateChanged((id) => {
    galleries.invalidate(id);
    photos.invalidate(id);
  });
  // ... and re-checks the gallery's live room in every process (LiveAccess.gateChanged).
  gates.onGateChanged((id) => liveAccess.gateChanged(id));
  // A gallery without an organiser's cover shows its first visible photo, unless a gate hides it.
  const autoCover = new AutoCover(db, gates.service, galleries);
  gates.onGateChanged(async (id) => {
    await autoCover.refresh(id);
  });
  const organizerAccess = new OrganizerAccess(config.organizerToken);
  const live = livePublisher(bus);
  const images = new ImagePipeline({ db, store, config });
  /** Grid renders after a photo is published, one at a time per process. */
  const prerender = new PrerenderQueue();
  // Face search (issue 13): the vector index this database supports, the queue, the calls.
  const faceVectors = once<VectorIndex>(() => createVectorIndex(db, bus, infra.warn));
  /** The face engine (worker threads), started on first use; buildApp closes it. */
  const faceEngine = once(getFaceEngine);
  /**
   * The engines by version: the current one, and older ones kept while galleries re-index to it
   * (services/face/transition.ts): the engine still embeds with the versions FACE_ENGINE_VERSIONS
   * names, so search stays on a gallery's old faces until its re-index is complete.
   */
  const engines = faceEngines(
    faceEngine,
    olderVersionsOf(
      faceEngine,
      Object.keys(FACE_ENGINE_VERSIONS)
        .map(Number)
        .filter((v) => v !== FACE_ENGINE_VERSION)
    )
  );
  const faceVersions = new FaceVersions(db, engines);
  const facesChanged = (id: number) => {
    photos.invalidate(id);
    faceVersions.forget(id);
  };
  const faceIndexer = new FaceIndexer(db, store, faceVectors, faceEngine, prerender, MATCH_THRESHOLD, infra.warn, facesChanged);
  const faceDeps = {
    db, store, galleries, gates, vectors: faceVectors, detector: faceEngine, engines, versions: faceVersions, limits, threshold: MATCH_THRESHOLD, thresholds: FACE_ENGINE_VERSIONS,
    publicUrl: config.publicUrl, changed: facesChanged
  };
  // Text-in-photo search (issues 14, 27; formocr): PaddleOCR's models in a worker thread, started on first use; buildApp closes it.
  const ocrEngine = once(() => createOcrEngine());
  const ocrIndexer = new OcrIndexer(db, store, ocrEngine, prerender, infra.warn);
  // How far indexing has got (faces and bibs): the organiser's and visitors' reads, the server log's lines.
  const indexingProgress = new IndexingProgress(db, organizerAccess, galleries, gates, async () => (await faceEngine()).version);
  const photoEvents = new PhotoEvents(photos, galleries, live, images, infra.warn, autoCover, faceIndexer, ocrIndexer);
  const signer = new UrlSigner(secret);
  const orders = new OrderBook(db, providers.pay, infra.warn);
  const forms = new FormService(db, galleries, gates);
  const organizer = new OrganizerService(db, organizerAccess, galleries, photoEvents, autoCover, config.publicUrl, { codeHosts: config.codeHosts });
  /** Comment live messages (text, question, comment_block_change, comment_block_all) after their writes commit. */
  const commentEvents = new CommentEvents(live, infra.warn);
  // Red packets (issue 15): grabs through Redis when REDIS_URL is set, else SQL; refunds and payouts by the sweeper.
  const red = createRedPackets({
    db, config, galleries, gates, orders, limits, live, payout: providers.payout, warn: infra.warn,
    clock: infra.clock ?? (() => Math.floor(Date.now() / 1000))
  });
  const splices = new SpliceService(db, gates, images, store, limits, secret, infra.clock);
  const uploads = { secret, maxBytes: config.uploadMaxBytes, host: `${config.publicUrl}/oss/upload`, tmpDir: path.join(config.dataDir, 'tmp') };
  return {
    config,
    store,
    bus,
    providers,
    secret,
    limits,
    sessions,
    /** Guests that never came back (buildApp sweeps hourly). */
    guests: new GuestPruner(db, config.guestPruneDays),
    organizerAccess,
    organizer,
    /** A gallery's config, share texts, theme and watermark. */
    organizerSettings: new OrganizerSettings({
      db, access: organizerAccess, galleries, view: (id) => organizer.view(id), photosChanged: (id) => photos.invalidate(id),
      onFaceSwitch: (id, on) => (on ? faceIndexer.enqueueMissing(id) : faceIndexer.dropQueued(id)),
      onBlockAll: (id, value) => commentEvents.blockAll(id, value)
    }),
    /** A gallery's goods and prices. */
    organizerGoods: new OrganizerGoodsService(db, organizerAccess, galleries),
    /** A gallery's orders for its organiser: paged, filtered, with totals. */
    organizerOrders: new OrganizerOrdersService(db, organizerAccess),
    /** The poster maker: templates (built-in and an organiser's), uploaded posters and poster records. */
    posters: new PosterService(db, store, gates, galleries, organizerAccess),
    /** Face search and persons; Following and hiding; the visitor's own face (services/face/). */
    faces: new FaceService(faceDeps),
    faceFollows: new FaceFollowService(faceDeps),
    faceProfiles: new FaceProfileService(faceDeps),
    faceIndexer,
    faceVectors,
    faceEngine,
    ocrIndexer,
    ocrEngine,
    ocr: new OcrSearchService(db, galleries, gates),
    indexingProgress,
    /** Log lines of galleries being indexed, and once when one completes (buildApp starts it where indexing runs). */
    indexingLog: new IndexingLog(db, indexingProgress, (line) => infra.info?.(line)),
    /** Forms: phone codes, validation, the paper post; the organiser's submissions and CSV. */
    forms,
    formSubmissions: new FormSubmissionService(db, organizerAccess),
    /** Comments (issue 15): posting and deleting, the visitors' reads, the organiser's moderation. */
    comments: new CommentService(db, gates, limits, providers.contentCheck, commentEvents, orders),
    commentReads: new CommentReads(db, gates),
    commentModeration: new CommentModeration(db, organizerAccess, galleries, commentEvents),
    organizerGates: new OrganizerGateService(organizerAccess, gates.settings),
    /** Rich content blocks by hash (richtext / liverich components). */
    contents: new ContentService(db, organizerAccess),
    galleries,
    /** The root address's page (GET /api/v2/landing). */
    landing: new LandingService(db, DEMO_LINK_ID),
    photos,
    visits: new VisitService(db, galleries, gates),
    stats: new StatsService(db, sessions, galleries),
    sharers: new SharerService(db),
    /** WeChat JS-SDK signatures (the official account's ticket, cached across processes). */
    jssdk: new JsSdkService(providers.officialAccount, new CredentialCache(db, infra.clock), infra.clock, (m) => infra.warn(m)),
    avatars: new AvatarService(db, store, limits, sessions, config.publicUrl),
    batch: new BatchService(db, gates),
    gates,
    permissions: new PermissionService(galleries, gates),
    live,
    liveAccess,
    /** The H5 document's server-rendered head, boot data and skeleton. */
    h5Document: new H5Document(galleries, gates, config.publicUrl, config.codeHosts),
    images,
    prerender,
    photoEvents,
    likes: new LikeService(db, photos, gates, config.publicUrl),
    /** The Find page's favourite photos and splice posters. */
    mine: new MineService(db, gates, (hash, userId) => splices.urlFor(hash, userId)),
    /** Long pictures: drawn from the photos a visitor may see, stored by hash, served to their maker. */
    splices,
    /** Long pictures' leftovers: abandoned renders' rows, files no row names (buildApp sweeps hourly). */
    spliceSweeper: new SpliceSweeper(db, store, infra.clock, infra.warn),
    ingest: new IngestService(db, store, new ImageService({ db, store }), images, prerender, galleries, photoEvents, organizerAccess, uploads),
    orphans: new OrphanSweeper(store, images, { tmpDir: uploads.tmpDir, uploadMaxAgeS: config.uploadOrphanAgeS }),
    signer,
    originals: new OriginalsService(db, signer, gates),
    downloads: new DownloadService(db, store, signer, gates),
    orders,
    pay: new PayService(db, orders, limits, gates, forms),
    /** The order / preorder page: a gallery's service offers (bought through `pay`). */
    orderPage: new OrderPageService(db, galleries, gates),
    /** Groups: a token's list of galleries, each as its gates allow; the organiser's groups. */
    groups: new GroupService(db, gates, organizerAccess, config.publicUrl),
    /** Red packets: send, ask, grab, list, detail; the sweeper (announce, refund, payouts); the phone sign-up. */
    redPackets: red.service,
    redPacketSweeper: red.sweeper,
    redPacketPayouts: red.payouts,
    redPacketGrabber: red.grabber,
    redPacketPhones: red.phones,
    auth: new AuthService(db, config.login, providers.login, limits, (h) => sessions.forgetEverywhere(h), config.publicUrl)
  };
}

export type Services = ReturnType<typeof createServices>;
