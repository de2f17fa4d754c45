import { randomBytes } from 'node:crypto';
import {
  FILE_AREA_SETTING_KEYS,
  type FileAreaSettingKey,
  type SavedSubmittedFiles,
  type UploadResponse,
} from '@portico/contracts';
import type { DemoUsername, TestApi } from './api.ts';

/**
 * Files and folders of a site as a test of the file workspace needs them, made the real way where there is one (an
 * upload saved as a Submitted File) and as rows where the API is another branch's (folders).
 */

/** Sets the site's own override: every flag on but those in `off`. */
export async function setSiteFlags(api: TestApi, siteId: string, off: readonly FileAreaSettingKey[] = []) {
  const flags = Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, !off.includes(k)]));
  const answer = await api
    .as('carol')
    .patch(`/t/acme/portal/api/staff/sites/${siteId}/file-area-settings`, flags);
  if (answer.status !== 200) throw new Error(`flags not set: ${answer.status}`);
}

/** `user` uploads a file to the site and saves it as a Submitted File (the site's upload flag must be on). */
export async function submitFile(
  api: TestApi,
  user: DemoUsername,
  siteId: string,
  name: string,
  bytes: Uint8Array = randomBytes(64),
): Promise<string> {
  const client = api.as(user);
  const uploaded = await client.upload(siteId, [{ name, bytes, type: 'application/pdf' }]);
  if (uploaded.status !== 201)
    throw new Error(`upload failed: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const reference = (uploaded.body as UploadResponse).files[0]!.referenceNumber;
  const saved = await client.post<SavedSubmittedFiles>('/t/acme/portal/api/files', {
    siteId,
    files: [{ referenceNumber: reference }],
  });
  if (saved.status !== 201) throw new Error(`save failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  return saved.body.records[0]!.id;
}

/** A folder row of an acme site (the folders API is its own branch's). */
export async function insertFolder(
  api: TestApi,
  siteId: string,
  name: string,
  parentId: string | null = null,
): Promise<string> {
  const { rows } = await api.db.query<{ id: string }>(
    `INSERT INTO folders (tenant_code, site_id, parent_id, name) VALUES ('acme', $1, $2, $3) RETURNING id`,
    [siteId, parentId, name],
  );
  return rows[0]!.id;
}
