import { PassThrough, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertBlobKey, type BlobInfo, type BlobStore, isBlobKey } from './blob-store.ts';
import { ABANDONED_WRITE_AGE_MS } from './fs-blob-store.ts';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Unset: the AWS SDK's default chain (AWS_ variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `removeAbandonedWrites()` aborts multipart uploads started longer ago than this (TEMP_FILE_MAX_AGE_SECONDS). */
  abandonedWriteAgeMs?: number;
  /** Called once per housekeeping call the store turns out not to implement (see `missingOperations`). */
  onMissingOperation?: (operation: string, error: unknown) => void;
  /** Bytes per part of a multipart put; a part is what a put holds in memory (S3's minimum is 5 MiB). */
  partSize?: number;
  /** Parts of one put sent at once: a put holds at most `partSize × (queueSize + 1)` bytes. */
  queueSize?: number;
}

const MIB = 1024 * 1024;

/**
 * Blobs as objects of one bucket in any S3-compatible store, through the standard API only (PutObject,
 * multipart upload, GetObject with Range, HeadObject, DeleteObject, ListObjectsV2, ListMultipartUploads,
 * AbortMultipartUpload). A put streams: lib-storage cuts the body into parts of `partSize` and sends
 * `queueSize` at once, so memory per put is bounded whatever the file's size; an object appears only when its
 * upload completes (S3 puts are atomic), and a put that fails aborts its multipart upload. What a process
 * killed mid-put leaves is an unfinished multipart upload, which `removeAbandonedWrites` aborts once old.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore & { client: S3Client } {
  const { bucket } = options;
  const abandonedWriteAgeMs = options.abandonedWriteAgeMs ?? ABANDONED_WRITE_AGE_MS;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only when an operation requires one: not every S3-compatible store knows the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const missing = new Set<string>();
  return {
    client,
    missingOperations: () => [...missing],
    async put(key, body) {
      assertBlobKey(key);
      let size = 0;
      // Counts what goes through; an error or an early end of `body` ends this stream with an error too.
      const counted = new PassThrough({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      body.once('error', (error) => counted.destroy(error));
      body.once('close', () => {
        if (!body.readableEnded) counted.destroy(new Error('the source stream closed before its end'));
      });
      body.pipe(counted);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: counted },
        partSize: options.partSize ?? 8 * MIB,
        queueSize: options.queueSize ?? 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        counted.destroy();
        throw error;
      }
      return { size };
    },
    async get(key, range) {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: assertBlobKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return answer.Body as Readable;
    },
    async stat(key): Promise<BlobInfo | undefined> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: assertBlobKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: assertBlobKey(key) }));
    },
    async *keysWrittenBefore(before) {
      for await (const page of paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && isBlobKey(object.Key) && object.LastModified && object.LastModified < before) {
            yield object.Key;
          }
        }
      }
    },
    async removeAbandonedWrites(before = new Date(Date.now() - abandonedWriteAgeMs)) {
      // A store without ListMultipartUploads (plain s3rver, some gateways) keeps what dead puts left: the
      // bucket's own lifecycle rule (AbortIncompleteMultipartUpload) is then the way to remove it.
      if (missing.has('ListMultipartUploads')) return 0;
      try {
        return await abortOldMultipartUploads(before);
      } catch (error) {
        const operation = notImplemented(error);
        if (!operation) throw error;
        missing.add(operation);
        options.onMissingOperation?.(operation, error);
        return 0;
      }
    },
  };

  async function abortOldMultipartUploads(before: Date) {
    let removed = 0;
    let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, ...markers }));
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
        await client.send(
          new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
        );
        removed++;
      }
      if (!page.IsTruncated) break;
      markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
    return removed;
  }
}

/**
 * The operation a store answered "not implemented" (501) or "method not allowed" (405, what s3rver answers an
 * abort), if that is what `error` is: both housekeeping calls count as ListMultipartUploads, since without a
 * way to abort listing is useless.
 */
function notImplemented(error: unknown): string | undefined {
  const { $metadata, name } = error as { $metadata?: { httpStatusCode?: number }; name?: string };
  const status = $metadata?.httpStatusCode;
  return status === 501 || status === 405 || name === 'NotImplemented' ? 'ListMultipartUploads' : undefined;
}

const isNotFound = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
