import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import type { ObjectStore } from './storage';
import { SessionService, type SessionUser } from './services/session';
import { GalleryService } from './services/gallery';
import { PhotoService } from './services/photos';
import { VisitService } from './services/visits';
import { StatsService } from './services/stats';
import { BatchService } from './services/batch';
import crypto from 'node:crypto';
import { forbidden, unauthorized } from './http';
import { RateLimiter } from './services/rateLimit';
import { livePublisher, type LiveBus, type LivePublisher } from './live/bus';
import { GateAccess } from './services/gateAccess';
import { createSmsProvider } from './sms';
import { resolveUploadSecret } from './storage/policy';

/** Everything a route needs, built once per app: config, database, store and services. */
export interface AppContext {
  config: Config;
  db: Db;
  store: ObjectStore;
  sessions: SessionService;
  galleries: GalleryService;
  photos: PhotoService;
  visits: VisitService;
  stats: StatsService;
  batch: BatchService;
  /** The live bus (sockets subscribe to it) and the typed publisher every write path uses after commit. */
  bus: LiveBus;
  /** Abuse limits shared by every process (login, passwords, SMS, code checks). */
  limits: RateLimiter;
  /** Gated pages (password / phone gates, passes, SMS codes): `assertPass(req, galleryId)` on every photo path. */
  gates: GateAccess;
  live: LivePublisher;
  /**
   * A login moved or upgraded this session (or its user changed): drop it from
   * this process's session cache and, through the bus, from every other one's.
   */
  forgetSession(tokenHash: string): Promise<void>;
  /** The session's user, or a 401 envelope. */
  requireUser(req: FastifyRequest): Promise<SessionUser>;
  /** The session's user or null (guests without a token). */
  currentUser(req: FastifyRequest): Promise<SessionUser | null>;
  /** Organiser API: the configured ORGANIZER_TOKEN as bearer token, else a 401/403 envelope. */
  requireOrganizer(req: FastifyRequest): void;
}

/** Organiser calls: never a visitor session, only the configured token (compared in constant time). */
function checkOrganizer(expected: string | null, token: string | undefined): void {
  if (!expected) throw forbidden('Organiser API is disabled: set ORGANIZER_TOKEN');
  if (!token) throw unauthorized('Organiser token required');
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  if (!crypto.timingSafeEqual(digest(token), digest(expected))) throw forbidden('Invalid organiser token');
}

export function createContext(config: Config, db: Db, store: ObjectStore, bus: LiveBus): AppContext {
  const sessions = new SessionService(db);
  const currentUser = (req: FastifyRequest) => sessions.resolve(req.token);
  const limits = new RateLimiter(db);
  return {
    config,
    db,
    store,
    sessions,
    galleries: new GalleryService(db),
    photos: new PhotoService(db),
    visits: new VisitService(db),
    stats: new StatsService(db),
    batch: new BatchService(db),
    bus,
    limits,
    gates: new GateAccess(db, limits, resolveUploadSecret(config), createSmsProvider(config.smsProvider, (line) => console.log(line)), currentUser),
    live: livePublisher(bus),
    async forgetSession(tokenHash) {
      sessions.forgetHash(tokenHash);
      try {
        await bus.publishInternal({ kind: 'session_forget', token_hash: tokenHash });
      } catch (e) {
        // The change is committed; other processes catch up when their cache entry expires (60 s).
        console.error(`session cache: could not tell other processes: ${(e as Error).message}`);
      }
    },
    currentUser,
    requireOrganizer: (req) => checkOrganizer(config.organizerToken, req.token),
    async requireUser(req) {
      const user = await currentUser(req);
      if (!user) throw unauthorized();
      return user;
    }
  };
}
