import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../testing/api.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { startTestS3Server } from '../testing/s3-server.ts';
import { sha256 } from '../testing/uploads.ts';
import { sweepOrphanBlobs } from '../uploads/orphan-blobs.ts';
import { openBlobStore } from './open-blob-store.ts';

// Plain s3rver answers ListMultipartUploads with 501 ("not implemented"), as some S3 gateways do.
const s3 = await startTestS3Server({ plain: true });
afterAll(() => s3.close());
const METRICS_TOKEN = 'm'.repeat(32);
const logs = captureLogs();
const api = useTestApi({
  env: { ...s3.env, METRICS_TOKEN },
  logger: { level: 'warn', stream: logs.stream },
});

const warnings = () =>
  logs
    .text()
    .split('\n')
    .filter((line) => line.includes('does not implement a housekeeping call'))
    .map((line) => JSON.parse(line) as { level: number; operation: string });

describe('BLOB_STORE=s3 on a store without ListMultipartUploads (plain s3rver)', () => {
  it('starts (the demo’s files stored in it), says so in one warning and a metric, and takes uploads', async () => {
    // The start's sweep of half-written puts met the 501: one warning, not a failed start.
    expect(warnings()).toEqual([expect.objectContaining({ level: 40, operation: 'ListMultipartUploads' })]);
    const metrics = await fetch(`${api.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(await metrics.text()).toContain(
      'portico_blob_store_missing_operations{operation="ListMultipartUploads"} 1',
    );

    const bytes = randomBytes(300_000);
    const uploaded = await api
      .as('bob')
      .upload(api.siteId('ACME-1001'), [{ name: 'statement.pdf', bytes, type: 'application/pdf' }]);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.files[0]!.sha256).toBe(sha256(bytes));

    // The periodic sweep goes on past it, and says nothing more.
    const own = await openBlobStore(api.server.config);
    expect(await sweepOrphanBlobs(api.db, own)).toMatchObject({ abandonedWrites: 0 });
    expect(own.missingOperations?.()).toEqual(['ListMultipartUploads']);
    expect(warnings()).toHaveLength(1);
  });
});
