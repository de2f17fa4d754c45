import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { type Config, issuerOf } from '../config.ts';

/**
 * Security headers for every answer. The front ends get a strict Content-Security-Policy: scripts only from
 * this origin, no framing, connections only to this origin and the issuer. Styles allow inline because antd
 * writes its CSS-in-JS into style elements at run time.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const issuerOrigin = new URL(issuerOf(config)).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", issuerOrigin],
        frameSrc: ["'self'", issuerOrigin],
        frameAncestors: ["'none'"],
        formAction: ["'self'", issuerOrigin],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    // Cross-origin isolation headers would block the identity provider's redirects and downloads.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  // Routes opt in with `config: { rateLimit: … }`; the login form is the first to do so.
  await app.register(rateLimit, { global: false });
}
