import type { SavedSubmittedFiles } from '@portico/contracts';
import { expect } from 'vitest';
import { type ApiClient, errorCode, type TestApi } from './api.ts';
import type { TestFile } from './uploads.ts';

/** The access matrix each staff endpoint must pass, and the uploads staff tests set up with. */

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

/** Dave (globex staff) with a token that lists acme too, so only the database stands between him and acme. */
export const daveWithAcme = (api: TestApi) => api.as('dave', { tenants: ['acme', 'globex'] });

/**
 * The refusals every staff endpoint owes: a client of the tenant (403 `auth.staff_only`), staff of another tenant
 * (403 `auth.tenant_forbidden`), that staff member with a token that lists the tenant but no role in it (403
 * `auth.forbidden`), and an id of one tenant used under another (404). Nothing may change on the way.
 */
export async function expectStaffOnly(api: TestApi, endpoint: StaffEndpoint) {
  const { method, body } = endpoint;
  const label = `${method} ${endpoint.path(':tenant')}`;
  const answer = async (client: ApiClient, tenant: string) => {
    const a = await client.request(method, endpoint.path(tenant), body);
    return [label, tenant, a.status, errorCode(a.body)];
  };
  expect(await answer(api.as('bob'), 'acme')).toEqual([label, 'acme', 403, 'auth.staff_only']);
  expect(await answer(api.as('dave'), 'acme')).toEqual([label, 'acme', 403, 'auth.tenant_forbidden']);
  expect(await answer(daveWithAcme(api), 'acme')).toEqual([label, 'acme', 403, 'auth.forbidden']);
  if (endpoint.foreignIdCode) {
    expect(await answer(api.as('dave'), 'globex')).toEqual([label, 'globex', 404, endpoint.foreignIdCode]);
  }
}

export const PDF_BYTES = (text: string) =>
  new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

/** Uploads files to a site as `client` (the file-storage endpoint) and answers their reference numbers. */
export async function uploadReferences(
  client: ApiClient,
  siteId: string,
  files: readonly TestFile[],
): Promise<string[]> {
  const uploaded = await client.upload(siteId, files);
  expect(uploaded.status).toBe(201);
  return uploaded.body.files.map((f) => f.referenceNumber);
}

/** A client submits files to a site (upload, then save), as the portal does; answers the new file ids. */
export async function submitFiles(
  client: ApiClient,
  siteId: string,
  files: readonly (TestFile & { title?: string })[],
): Promise<string[]> {
  const references = await uploadReferences(client, siteId, files);
  const saved = await client.post<SavedSubmittedFiles>('/t/acme/portal/api/files', {
    siteId,
    files: references.map((referenceNumber, i) => ({
      referenceNumber,
      ...(files[i]!.title ? { title: files[i]!.title } : {}),
    })),
  });
  expect(saved.status).toBe(201);
  return saved.body.records.map((r) => r.id);
}
