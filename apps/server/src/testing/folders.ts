import {
  FILE_AREA_SETTING_KEYS,
  type FileAreaSettingKey,
  type Folder,
  type PublishedFileList,
  type PublishedFilesResult,
} from '@portico/contracts';
import { beforeAll, expect } from 'vitest';
import { type ApiClient, statusAndCode, type TestApi } from './api.ts';
import { PDF_BYTES, uploadReferences } from './staff-access.ts';

export const FOLDERS = '/t/acme/file-management/api/folders';
export const PUBLISHED = '/t/acme/file-management/api/files/published-files';
export const SUBMITTED = '/t/acme/portal/api/files/submitted';

/**
 * What the folder tests share (decision 47): Bob's site (ACME-1001) with every flag on, Alice's (ACME-1002) as
 * "another site", and calls to build a tree, publish into it and list it. Names are made unique per call, so the
 * tests of one file never collide on `name.taken`.
 */
export function useFolderFixture(api: TestApi) {
  const sites = { bakery: '', other: '' };
  const carol = () => api.as('carol');
  const bob = () => api.as('bob');

  /** The site's own override: every flag on, but those in `off`. */
  async function setFlags(siteId: string, ...off: FileAreaSettingKey[]) {
    const flags = Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, !off.includes(k)]));
    const answer = await carol().patch(`/t/acme/portal/api/staff/sites/${siteId}/file-area-settings`, flags);
    expect(answer.status).toBe(200);
  }

  beforeAll(async () => {
    sites.bakery = api.siteId('ACME-1001');
    sites.other = api.siteId('ACME-1002');
    await setFlags(sites.bakery);
  });

  let counter = 0;
  const unique = (name: string) => `${name} ${++counter}`;

  async function create(
    name: string,
    parentId: string | null = null,
    client = carol(),
    siteId = sites.bakery,
  ) {
    const answer = await client.post<Folder>(FOLDERS, { siteId, parentId, name });
    expect(statusAndCode(answer)).toEqual([201, undefined]);
    return answer.body;
  }

  /** Carol publishes a PDF per name into `folderId` (null: the root); answers the new file ids. */
  async function publishInto(folderId: string | null, names: string[], siteId = sites.bakery) {
    const references = await uploadReferences(
      carol(),
      siteId,
      names.map((name) => ({ name, bytes: PDF_BYTES(name), type: 'application/pdf' })),
    );
    const published = await carol().post<PublishedFilesResult>(
      '/t/acme/file-management/api/staff/published-files',
      { siteId, folderId, files: references.map((referenceNumber) => ({ referenceNumber })) },
    );
    expect(statusAndCode(published)).toEqual([201, undefined]);
    return published.body.records.map((r) => r.id);
  }

  const listPublished = (query: Record<string, string | boolean | number>, client: ApiClient = bob()) =>
    client.get<PublishedFileList>(PUBLISHED, { siteId: sites.bakery, limit: 100, ...query });

  return { sites, carol, bob, setFlags, unique, create, publishInto, listPublished };
}
