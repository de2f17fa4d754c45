import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import { APP_VERSION, type RuntimeConfig, RuntimeConfigSchema } from '@portico/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { errorBody } from './error-handler.ts';

const appsDir = new URL('../../../', import.meta.url);

interface FrontEnd {
  prefix: string;
  dist: string;
}

const FRONT_ENDS: FrontEnd[] = [
  // The longer prefix first: the fall-back picks the first front end whose prefix the path starts with.
  { prefix: '/control-panel/', dist: new URL('control-panel/dist/', appsDir).pathname },
  { prefix: '/', dist: new URL('portal/dist/', appsDir).pathname },
];

/**
 * The PDF viewer's worker (pdf.js, built by Vite as `assets/pdf.worker.min-<hash>.mjs`) is the one script that
 * compiles WebAssembly (its JBIG2 and JPEG 2000 decoders). A dedicated worker runs under its own response's
 * policy, so it alone gets `'wasm-unsafe-eval'`; the pages keep theirs. It fetches nothing itself.
 */
const PDF_WORKER = /\/assets\/pdf\.worker[\w.-]*\.mjs(\.br|\.gz)?$/;
export const PDF_WORKER_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'";

/**
 * A script, style sheet, source map or WebAssembly module of a build: what the browser runs or applies inside a
 * page, never a page itself. (SVG and other images are left out: opened on their own, an SVG is a document.)
 */
const SUBRESOURCE = /\/assets\/[^/]+\.(js|mjs|css|map|wasm)(\.br|\.gz)?$/;

/**
 * Security headers that only a document (or a worker, which the PDF viewer's keeps) reads: the page's own answer
 * carries them and rules what its scripts may do. On each script they were some 700 bytes for nothing, sent
 * uncompressed over HTTP/1.1 with every one of a first screen's scripts (decision 69). `nosniff` and the
 * cross-origin resource policy stay: those are read on scripts and style sheets.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Paths that belong to the API or the provider: an unknown one answers JSON, never the SPA's HTML. */
const API_PATH = /^\/(t|discovery|oidc|idp|docs|healthz|config\.json)(\/|$)/;

export function runtimeConfigOf(config: Config): RuntimeConfig {
  const app = (clientId: string, base: string) => ({
    clientId,
    redirectUri: `${config.publicUrl}${base}login/callback`,
    postLogoutRedirectUri: `${config.publicUrl}${base}logout`,
    scopes: config.oidcScopes,
  });
  return {
    version: APP_VERSION,
    discoveryUrl: `${config.publicUrl}/discovery/api/DiscoveryContext/`,
    tenantClaim: config.tenantClaim,
    logLevel: 'debug',
    portal: app(config.oidcPortalClientId, '/'),
    controlPanel: app(config.oidcControlPanelClientId, '/control-panel/'),
  };
}

/**
 * The built portal at `/` and control panel at `/control-panel/`, each with SPA fall-back: any unknown GET that
 * asks for HTML gets the app's index.html, and its router shows the right page (or its not-found page).
 */
export async function registerFrontEnds(app: FastifyInstance, config: Config) {
  const runtimeConfig = runtimeConfigOf(config);
  app.get(
    '/config.json',
    {
      schema: {
        tags: ['front ends'],
        summary: 'Runtime configuration of the front ends',
        response: { 200: RuntimeConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return runtimeConfig;
    },
  );

  // Browsers ask for /favicon.ico on their own wherever a page names no icon (the provider's pages, the API
  // docs): Portico's icon, until the front ends put the tenant's icon in its place once the tenant is known.
  const favicon = await readFile(new URL('./assets/favicon.ico', import.meta.url));
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(favicon),
  );

  const built = FRONT_ENDS.filter((f) => existsSync(`${f.dist}index.html`));
  const serving = {
    decorateReply: false,
    index: false,
    // The build writes .br and .gz beside each asset (web-shell/vite-app-config.ts): sent as they are.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Vite's hashed assets never change under their name (nothing to revalidate, so no validators);
      // everything else is revalidated.
      const hashed = filePath.includes('/assets/');
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (PDF_WORKER.test(filePath)) reply.header('content-security-policy', PDF_WORKER_POLICY);
      else if (SUBRESOURCE.test(filePath)) {
        for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
      }
      if (hashed) reply.removeHeader('etag').removeHeader('last-modified');
    },
  } satisfies Partial<FastifyStaticOptions>;
  for (const frontEnd of built) {
    // The files beside index.html (icons), one route each, as found at start.
    await app.register(fastifyStatic, {
      ...serving,
      root: frontEnd.dist,
      prefix: frontEnd.prefix,
      wildcard: false,
      globIgnore: ['assets/**'],
    });
    // The build's assets, looked for on disk at each request (one wildcard route under `assets/`): a build made
    // while the server runs is served at once, with the index.html read again below, and what it removed
    // answers as any unknown path does.
    await app.register(fastifyStatic, {
      ...serving,
      root: `${frontEnd.dist}assets/`,
      prefix: `${frontEnd.prefix}assets/`,
      wildcard: true,
    });
  }

  /** Each front end's index.html as it is on disk now, read again when a build has replaced it. */
  const indexes = new Map<string, { mtimeMs: number; html: Buffer }>();
  const indexOf = async (frontEnd: FrontEnd) => {
    if (!built.includes(frontEnd)) return undefined;
    const file = `${frontEnd.dist}index.html`;
    const found = await stat(file).catch(() => undefined);
    if (!found) return undefined;
    const kept = indexes.get(frontEnd.prefix);
    if (kept?.mtimeMs === found.mtimeMs) return kept.html;
    const html = await readFile(file).catch(() => undefined);
    if (html) indexes.set(frontEnd.prefix, { mtimeMs: found.mtimeMs, html });
    return html;
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsHtml && !API_PATH.test(pathname)) {
      const frontEnd = FRONT_ENDS.find((f) => `${pathname}/`.startsWith(f.prefix));
      const index = frontEnd && (await indexOf(frontEnd));
      if (index)
        return reply
          .status(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(index);
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('This front end has not been built yet: run `npm run build` (npm start does it for you).');
    }
    return reply
      .status(404)
      .send(errorBody('request.not_found', `No route for ${request.method} ${pathname}`));
  });
}
