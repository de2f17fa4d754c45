import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { EndpointMissing } from './benchmark.ts';
import { writeRandomFile } from './data.ts';
import { timedRequest } from './http-client.ts';
import type { Portico } from './portico.ts';

/** The demo tenant, site and user every benchmark works as: Bob, a client of Bob's Bakery at Acme. */
export const TENANT = 'acme';
export const SITE_REFERENCE = 'ACME-1001';
export const CLIENT = 'bob';
export const STAFF = 'carol';

export const fileManagement = (portico: Portico) => `${portico.url}/t/${TENANT}/file-management/api/files`;
export const fileStorage = (portico: Portico) => `${portico.url}/t/${TENANT}/file-storage/api/files`;

export async function siteIdOf(portico: Portico, reference = SITE_REFERENCE): Promise<string> {
  const [row] = await portico.query<{ id: string }>('SELECT id FROM sites WHERE reference = $1', [reference]);
  if (!row) throw new Error(`no demo site ${reference}`);
  return row.id;
}

/**
 * Throws EndpointMissing when the tenant services answer "no route" (404 `request.not_found`) for a request:
 * any other answer, an error included, means the route exists.
 */
export async function requireEndpoint(
  url: string,
  token: string,
  method: string,
  body?: { contentType: string; text: string },
  label?: string,
): Promise<void> {
  const res = await timedRequest({
    url,
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': body.contentType } : {}),
    },
    ...(body ? { body: body.text } : {}),
  });
  if (res.status === 404 && res.head.toString('utf8').includes('"request.not_found"')) {
    throw new EndpointMissing(`endpoint missing: ${method} ${label ?? new URL(url).pathname}`);
  }
}

export interface PublishedFile {
  id: string;
  blobPath: string;
  size: number;
  fileName: string;
}

/**
 * Puts files in place as the firm would have published them: random bytes written straight into the blob
 * store's folder under server-style keys, then one INSERT of their rows (direction published, by the staff
 * user). Returns them in the order given.
 */
export async function publishRandomFiles(
  portico: Portico,
  siteId: string,
  files: { size: number; fileName: string; contentType: string }[],
  options: { concurrency?: number } = {},
): Promise<PublishedFile[]> {
  const dir = path.join(portico.blobDir, TENANT);
  await mkdir(dir, { recursive: true });
  const rows = files.map((file) => ({ ...file, key: `${TENANT}/${randomUUID()}`, sha256: '' }));
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next]!;
      const seed = next++;
      row.sha256 = await writeRandomFile(path.join(portico.blobDir, row.key), row.size, seed);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  const inserted = await portico.query<{ id: string; blob_key: string }>(
    `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                        status, created_by)
     SELECT $1, $2, 'published', f.title, f.file_name, f.content_type, f.size, f.sha256, f.blob_key, 'published',
            (SELECT user_id FROM idp_accounts WHERE username = $3)
     FROM unnest($4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[], $9::text[])
          AS f(title, file_name, content_type, size, sha256, blob_key)
     RETURNING id, blob_key`,
    [
      TENANT,
      siteId,
      STAFF,
      rows.map((r) => r.fileName.replace(/\.[^.]*$/, '')),
      rows.map((r) => r.fileName),
      rows.map((r) => r.contentType),
      rows.map((r) => r.size),
      rows.map((r) => r.sha256),
      rows.map((r) => r.key),
    ],
  );
  const idOf = new Map(inserted.map((r) => [r.blob_key, r.id]));
  return rows.map((r) => ({
    id: idOf.get(r.key)!,
    blobPath: path.join(portico.blobDir, r.key),
    size: r.size,
    fileName: r.fileName,
  }));
}

/**
 * Flushes dirty pages to disk, so a run does not pay for writing back what the previous one left in the page
 * cache.
 */
export const syncDisks = () => promisify(execFile)('sync').then(() => undefined);
