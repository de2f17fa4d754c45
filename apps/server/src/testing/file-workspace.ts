import {
  FILE_AREA_SETTING_KEYS,
  type FileAreaSettingKey,
  type PublishedFilesResult,
} from '@portico/contracts';
import { expect } from 'vitest';
import type { TestApi } from './api.ts';
import { uploadReferences } from './staff-access.ts';
import type { TestFile } from './uploads.ts';

/** What the file workspace's tests (issue 26) share: a site's flags, and files Carol publishes to it. */

/** The site's own override of Acme's settings, as staff save it: every flag on but `off`. */
export async function setSiteFlags(api: Pick<TestApi, 'as'>, siteId: string, off?: FileAreaSettingKey) {
  const flags = Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, k !== off]));
  const answer = await api
    .as('carol')
    .patch(`/t/acme/portal/api/staff/sites/${siteId}/file-area-settings`, flags);
  expect(answer.status).toBe(200);
}

/** Carol (Acme's staff) publishes files to a site, as the control panel does; answers their ids. */
export async function publishFiles(
  api: Pick<TestApi, 'as'>,
  siteId: string,
  files: readonly TestFile[],
): Promise<string[]> {
  const references = await uploadReferences(api.as('carol'), siteId, files);
  const published = await api
    .as('carol')
    .post<PublishedFilesResult>('/t/acme/file-management/api/staff/published-files', {
      siteId,
      files: references.map((referenceNumber) => ({ referenceNumber })),
    });
  expect(published.status).toBe(201);
  return published.body.records.map((r) => r.id);
}
