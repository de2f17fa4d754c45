import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { type Config, issuerOf } from '../config.ts';
import type { Database } from '../db/database.ts';
import { databaseRateLimitStore } from './database-rate-limit-store.ts';

/**
 * Security headers for every answer. The front ends get a strict Content-Security-Policy: scripts only from
 * this origin, no framing, connections only to this origin and the issuer. Styles allow inline because antd
 * writes its CSS-in-JS into style elements at run time. Images may be `blob:` URLs: the file viewer shows an
 * image it fetched with the bearer token that way; its PDF worker is a script of this origin (`worker-src`).
 *
 * Helmet's middleware is built once and run per request: @fastify/helmet built it anew for every request,
 * parsing the policy each time, which was a fifth of the server's CPU under load (bench/, `list`).
 */
export async function registerSecurity(app: FastifyInstance, config: Config, db: Database) {
  const issuerOrigin = new URL(issuerOf(config)).origin;
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", issuerOrigin],
        frameSrc: ["'self'", issuerOrigin],
        frameAncestors: ["'none'"],
        formAction: ["'self'", issuerOrigin],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    // Framing is refused by both headers alike: CSP's frame-ancestors for browsers that know it, the same
    // refusal in X-Frame-Options for those that do not (Helmet's default there is SAMEORIGIN).
    xFrameOptions: { action: 'deny' },
    // Cross-origin isolation headers would block the identity provider's redirects and downloads.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // Routes opt in with `config: { rateLimit: … }`; the login form is the first to do so. The counts live in the
  // database, so every server on it counts together.
  // (The plugin's types name the route `path`; at run time it passes the route itself as `routeInfo`.)
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) as never });
}
