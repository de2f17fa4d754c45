import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorBody, UploadResponse } from '@portico/contracts';

/**
 * How tests speak to the upload endpoint, as a browser would (fetch and FormData), plus a raw multipart
 * builder for bodies no browser sends (names with control characters, broken forms).
 */

export interface TestFile {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const answerOf = async <T>(response: Response): Promise<Answer<T>> => {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
};

/** `POST /t/{tenant}/file-storage/api/files` with a FormData body: the siteId field, then the files. */
export async function uploadFiles(
  baseUrl: string,
  token: string,
  siteId: string,
  files: readonly TestFile[],
  tenant = 'acme',
): Promise<Answer<UploadResponse & ErrorBody>> {
  const form = new FormData();
  form.append('siteId', siteId);
  for (const file of files) form.append('file', new File([file.bytes], file.name, { type: file.type ?? '' }));
  const response = await fetch(`${baseUrl}/t/${tenant}/file-storage/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return answerOf(response);
}

/** A JSON call to any tenant service path. */
export async function callJson<T>(
  baseUrl: string,
  method: string,
  urlPath: string,
  token: string | undefined,
  body?: unknown,
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return answerOf(response);
}

export type RawPart =
  | { field: string; value: string }
  | { file: string; fileName: string; type: string; bytes: Uint8Array };

/** A multipart body exactly as given: file names go into the header unescaped, byte for byte. */
export function rawMultipart(boundary: string, parts: readonly RawPart[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('field' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.file}"; filename="${part.fileName}"\r\n` +
            `Content-Type: ${part.type}\r\n\r\n`,
        ),
        Buffer.from(part.bytes),
        Buffer.from('\r\n'),
      );
    }
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** POSTs a raw body to the upload endpoint. */
export async function postRaw(
  baseUrl: string,
  token: string,
  contentType: string,
  body: Uint8Array,
  tenant = 'acme',
): Promise<Answer<UploadResponse & ErrorBody>> {
  const response = await fetch(`${baseUrl}/t/${tenant}/file-storage/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  return answerOf(response);
}

/** Every file under the blob folder, temporary ones included, as paths relative to it. */
export async function listBlobFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'blobs');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}
