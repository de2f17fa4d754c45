import type { ErrorBody, SavedSubmittedFiles } from '@portico/contracts';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo-data.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { demoUserId, mintAccessToken } from './tokens.ts';
import { type Answer, callJson, type TestFile, uploadFiles } from './upload-client.ts';

/**
 * What every staff-route test file shares: one real server (PGlite or PostgreSQL), the demo people signed in as a
 * browser would, and the access matrix each staff endpoint must pass.
 */

// Starting a server migrates, seeds and renders the demo PDFs, and stopping one drops its database: both are slow
// on a busy 2-core runner.
export const SERVER_TIMEOUT_MS = 60_000;

export interface StaffTestContext {
  server: TestServer;
  /** alice, bob (clients), carol (acme staff), dave (globex staff), and `daveWithAcme`: dave's own id in a
   * minted token that lists acme too, so only the database stands between him and acme. */
  tokens: Record<'alice' | 'bob' | 'carol' | 'dave' | 'daveWithAcme', string>;
  /** Demo site ids by reference (ACME-1001 is Bob's Bakery). */
  siteIds: Record<string, string>;
  call<T = unknown>(
    method: string,
    path: string,
    token: string | undefined,
    body?: unknown,
  ): Promise<Answer<T & ErrorBody>>;
}

export async function startStaffTestContext(): Promise<StaffTestContext> {
  const server = await startTestServer();
  const signed = async (user: string) => (await signIn(server.url, user, DEMO_PASSWORD)).accessToken;
  const tokens = {
    alice: await signed('alice'),
    bob: await signed('bob'),
    carol: await signed('carol'),
    dave: await signed('dave'),
    daveWithAcme: await mintAccessToken(server, {
      sub: await demoUserId(server, 'dave'),
      tid: ['acme', 'globex'],
    }),
  };
  const { rows } = await server.db.query<{ id: string; reference: string }>(
    'SELECT id, reference FROM sites',
  );
  const siteIds = Object.fromEntries(rows.map((r) => [r.reference, r.id]));
  return {
    server,
    tokens,
    siteIds,
    call: (method, path, token, body) => callJson(server.url, method, path, token, body),
  };
}

export const errorCode = (body: unknown) => (body as ErrorBody | null)?.error?.code;

export interface StaffEndpoint {
  method: string;
  /** The path under a tenant, e.g. `(t) => \`/t/${t}/portal/api/staff/sites\``. */
  path: (tenant: string) => string;
  body?: unknown;
  /**
   * The path names an acme site or file: dave, staff of globex, using it under /t/globex must get this 404 code,
   * exactly as for an id that does not exist.
   */
  foreignIdCode?: string;
}

/**
 * The refusals every staff endpoint owes: a client of the tenant (403 `auth.staff_only`), staff of another tenant
 * (403 `auth.tenant_forbidden`), that staff member with a token that lists the tenant but no role in it (403
 * `auth.forbidden`), and an id of one tenant used under another (404). Nothing may change on the way.
 */
export async function expectStaffOnly(ctx: StaffTestContext, endpoint: StaffEndpoint) {
  const { method, body } = endpoint;
  const label = `${method} ${endpoint.path(':tenant')}`;
  const answer = async (token: string, tenant: string) => {
    const a = await ctx.call(method, endpoint.path(tenant), token, body);
    return [label, tenant, a.status, errorCode(a.body)];
  };
  expect(await answer(ctx.tokens.bob, 'acme')).toEqual([label, 'acme', 403, 'auth.staff_only']);
  expect(await answer(ctx.tokens.dave, 'acme')).toEqual([label, 'acme', 403, 'auth.tenant_forbidden']);
  expect(await answer(ctx.tokens.daveWithAcme, 'acme')).toEqual([label, 'acme', 403, 'auth.forbidden']);
  if (endpoint.foreignIdCode) {
    expect(await answer(ctx.tokens.dave, 'globex')).toEqual([label, 'globex', 404, endpoint.foreignIdCode]);
  }
}

export const PDF_BYTES = (text: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

/** Uploads files to a site as `token` (the file-storage endpoint) and answers their reference numbers. */
export async function uploadReferences(
  ctx: StaffTestContext,
  token: string,
  siteId: string,
  files: readonly TestFile[],
): Promise<string[]> {
  const uploaded = await uploadFiles(ctx.server.url, token, siteId, files);
  expect(uploaded.status).toBe(201);
  return uploaded.body.files.map((f) => f.referenceNumber);
}

/** A client submits files to a site (upload, then save), as the portal does; answers the new file ids. */
export async function submitFiles(
  ctx: StaffTestContext,
  token: string,
  siteId: string,
  files: readonly (TestFile & { title?: string })[],
): Promise<string[]> {
  const references = await uploadReferences(ctx, token, siteId, files);
  const saved = await ctx.call<SavedSubmittedFiles>('POST', '/t/acme/portal/api/files', token, {
    siteId,
    files: references.map((referenceNumber, i) => ({
      referenceNumber,
      ...(files[i]!.title ? { title: files[i]!.title } : {}),
    })),
  });
  expect(saved.status).toBe(201);
  return saved.body.records.map((r) => r.id);
}
