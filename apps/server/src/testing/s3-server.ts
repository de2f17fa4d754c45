import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types; what is used here is its documented constructor, run and close.
import S3rver from 's3rver';

export interface TestS3Server {
  /** `http://127.0.0.1:{port}`, for S3_ENDPOINT (path style, S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The settings a server process needs to use this store. */
  env: Record<string, string>;
  close(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

/**
 * s3rver (the S3-compatible server available here) on a free port of 127.0.0.1, over a temporary folder, with
 * one bucket. s3rver 3.7 stores multipart uploads but answers ListMultipartUploads with 501 and
 * AbortMultipartUpload with 405; both are added here over s3rver's own upload folders, answering as S3's API
 * documents, so the blob store's abort-on-failure and its sweep of unfinished uploads run their real requests.
 * s3rver's credentials are its fixed `S3RVER`/`S3RVER`; it checks signatures. `plain` leaves s3rver as it is
 * (501 and 405), as some S3 gateways answer, to prove the server does without them.
 */
export async function startTestS3Server(
  options: { port?: number; directory?: string; plain?: boolean } = {},
) {
  const directory = options.directory ?? (await mkdtemp(path.join(tmpdir(), 'portico-s3-')));
  const bucket = 'portico';
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const uploadsOf = (name: string) => path.join(directory, name, '._S3rver_uploads');
  if (!options.plain)
    (server.middleware as unknown[]).unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
      const [, name = '', ...key] = ctx.path.split('/').filter((part, i) => i < 2 || part !== '');
      if (ctx.method === 'GET' && key.length === 0 && name && ctx.query.uploads !== undefined) {
        ctx.type = 'application/xml';
        ctx.body = await listMultipartUploads(name, uploadsOf(name));
        return;
      }
      const uploadId = ctx.query.uploadId;
      if (ctx.method === 'DELETE' && key.length > 0 && typeof uploadId === 'string') {
        if (!/^[0-9a-f]{32}$/.test(uploadId)) {
          ctx.status = 404;
          return;
        }
        await rm(path.join(uploadsOf(name), uploadId), { recursive: true, force: true });
        ctx.status = 204;
        return;
      }
      await next();
    });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const keys = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    ...keys,
    env: {
      BLOB_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      if (!options.directory) await rm(directory, { recursive: true, force: true });
    },
  } satisfies TestS3Server;
}

async function listMultipartUploads(bucket: string, folder: string): Promise<string> {
  const ids = await readdir(folder).catch(() => [] as string[]);
  const uploads: string[] = [];
  for (const id of ids.sort()) {
    const keyFile = path.join(folder, id, 'key');
    const [key, written] = await Promise.all([
      readFile(keyFile, 'utf8').catch(() => undefined),
      stat(keyFile).catch(() => undefined),
    ]);
    if (key === undefined || !written) continue;
    uploads.push(
      `<Upload><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId>` +
        `<Initiated>${written.mtime.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Bucket>${escapeXml(bucket)}</Bucket><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
    `${uploads.join('')}</ListMultipartUploadsResult>`
  );
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
