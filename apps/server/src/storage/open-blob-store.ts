import path from 'node:path';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { createFsBlobStore } from './fs-blob-store.ts';

/**
 * The blob store BLOB_STORE names: files in `DATA_DIR/blobs`, or a bucket of an S3-compatible store. The AWS SDK is
 * loaded only for the second: 4 MB of heap a server on the file store never uses (decision 89).
 */
export async function openBlobStore(
  config: Config,
  hooks: { onMissingOperation?: (operation: string, error: unknown) => void } = {},
): Promise<BlobStore> {
  const abandonedWriteAgeMs = config.tempFileMaxAgeSeconds * 1000;
  if (config.blobStore === 'fs') {
    return createFsBlobStore(path.join(config.dataDir, 'blobs'), { abandonedWriteAgeMs });
  }
  const { s3Bucket: bucket, s3AccessKeyId: accessKeyId, s3SecretAccessKey: secretAccessKey } = config;
  if (!bucket) throw new Error('BLOB_STORE=s3 needs S3_BUCKET');
  const { createS3BlobStore } = await import('./s3-blob-store.ts');
  return createS3BlobStore({
    bucket,
    region: config.s3Region,
    endpoint: config.s3Endpoint,
    forcePathStyle: config.s3ForcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    abandonedWriteAgeMs,
    ...hooks,
  });
}
