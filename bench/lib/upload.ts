import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Baseline } from './baseline.ts';
import { fileStorage } from './fixture.ts';
import { describeAnswer, type TimedResponse, timedRequest } from './http-client.ts';
import { type MultipartBody, multipartBody } from './multipart.ts';
import type { Portico } from './portico.ts';

/**
 * The form the portal's uploader posts: the `siteId` field first, then one `file` part (the field names of
 * UPLOAD_FORM_FIELDS in packages/contracts).
 */
export function uploadForm(siteId: string, size: number, seed: number): MultipartBody {
  return multipartBody({ siteId }, [
    { field: 'file', fileName: `Bench upload ${seed}.pdf`, contentType: 'application/pdf', size, seed },
  ]);
}

/** One upload through the API; throws unless it answers 2xx with a reference number. */
export async function uploadToPortico(
  portico: Portico,
  token: string,
  form: MultipartBody,
): Promise<TimedResponse> {
  const res = await timedRequest({
    url: fileStorage(portico),
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': form.contentType,
      'content-length': form.contentLength,
    },
    body: form.stream(),
  });
  if (res.status !== 201 || !res.complete || !/referenceNumber/i.test(res.head.toString('utf8'))) {
    throw new Error(`Portico upload answered ${describeAnswer(res)}`);
  }
  return res;
}

/** The same bytes to the plain pipeline server, which writes them to `uploadDir/name` as they come. */
export async function uploadToBaseline(
  baseline: Baseline,
  name: string,
  form: MultipartBody,
  options: { fsync?: boolean } = {},
): Promise<TimedResponse> {
  const res = await timedRequest({
    url: `${baseline.url}/upload/${name}${options.fsync ? '?fsync=1' : ''}`,
    method: 'POST',
    headers: { 'content-type': form.contentType, 'content-length': form.contentLength },
    body: form.stream(),
  });
  if (res.status !== 201 || !res.complete) throw new Error(`baseline upload answered ${describeAnswer(res)}`);
  return res;
}

export const removeBaselineUpload = (baseline: Baseline, name: string) =>
  rm(path.join(baseline.uploadDir, name), { force: true });
