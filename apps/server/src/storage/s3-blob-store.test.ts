import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.ts';
import { describeBlobStoreContract } from './blob-store.test-suite.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
}, 30_000);
afterAll(async () => {
  await s3?.close();
});

const newStore = (options: { partSize?: number } = {}) =>
  createS3BlobStore({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    ...options,
  });

// Each test of the suite uses its own keys, so one bucket serves them all; listings are checked by exact keys
// written in that test, which the other tests never write.
describeBlobStoreContract('S3 (s3rver)', async () => {
  const store = newStore();
  // The listing test expects only its own keys: start it from an empty bucket.
  for await (const key of store.keysWrittenBefore(new Date(Date.now() + 3600_000))) await store.delete(key);
  return store;
});

const MIB = 1024 * 1024;

it('puts a body larger than a part as a multipart upload, and reads it back whole and by range', async () => {
  const store = newStore({ partSize: 5 * MIB });
  const bytes = randomBytes(12 * MIB + 123);
  const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
    bytes.subarray(i * 65536, (i + 1) * 65536),
  );
  expect((await store.put('acme/multipart', Readable.from(chunks))).size).toBe(bytes.length);
  const back = await buffer(await store.get('acme/multipart'));
  expect(createHash('sha256').update(back).digest('hex')).toBe(
    createHash('sha256').update(bytes).digest('hex'),
  );
  const start = 5 * MIB - 3;
  const slice = await buffer(await store.get('acme/multipart', { start, end: start + 9 }));
  expect(slice.equals(bytes.subarray(start, start + 10))).toBe(true);
  expect(await store.stat('acme/multipart')).toEqual({ size: bytes.length });
}, 60_000);

it('a put that fails after its first parts aborts its multipart upload: nothing stays behind', async () => {
  const store = newStore({ partSize: 5 * MIB });
  async function* broken() {
    for (let i = 0; i < 12; i++) yield Buffer.alloc(MIB, i);
    throw new Error('socket cut');
  }
  await expect(store.put('acme/cut-multipart', Readable.from(broken()))).rejects.toThrow('socket cut');
  expect(await store.stat('acme/cut-multipart')).toBeUndefined();
  const { Uploads } = await store.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
  expect((Uploads ?? []).filter((u) => u.Key === 'acme/cut-multipart')).toEqual([]);
}, 60_000);

it('aborts the unfinished multipart uploads a killed process left, once older than the limit', async () => {
  const store = newStore();
  // What a process killed mid-put leaves: an upload started, a part sent, never completed nor aborted.
  const { UploadId } = await store.client.send(
    new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: 'acme/killed-mid-put' }),
  );
  await store.client.send(
    new UploadPartCommand({
      Bucket: s3.bucket,
      Key: 'acme/killed-mid-put',
      UploadId,
      PartNumber: 1,
      Body: Buffer.alloc(5 * MIB, 7),
    }),
  );
  expect(await store.removeAbandonedWrites(new Date(Date.now() - 60_000))).toBe(0);
  expect(await store.removeAbandonedWrites(new Date(Date.now() + 60_000))).toBe(1);
  const { Uploads } = await store.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
  expect(Uploads ?? []).toEqual([]);
  expect(await store.stat('acme/killed-mid-put')).toBeUndefined();
  // The default limit is the store's own age (TEMP_FILE_MAX_AGE_SECONDS): nothing this young is touched.
  expect(await store.removeAbandonedWrites()).toBe(0);
}, 60_000);

it('lists no object whose name is not a blob key (something else in the bucket)', async () => {
  const store = newStore();
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  await store.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'README.TXT', Body: 'not a blob' }));
  const listed: string[] = [];
  for await (const key of store.keysWrittenBefore(new Date(Date.now() + 60_000))) listed.push(key);
  expect(listed).not.toContain('README.TXT');
});
