import { MAX_FILES_PER_UPLOAD } from '@portico/contracts';
import { AppError } from '../http/app-error.ts';

/** The errors of the file-storage service, by stable code; messages say what to do about them. */

export const invalidUpload = (message: string) => new AppError('uploads.invalid', message);

export const uploadsNotFound = () =>
  new AppError('uploads.not_found', 'No pending upload of yours to this site has that reference number.');

export const tooLarge = (maxBytes: number) =>
  new AppError('uploads.too_large', `A file may have at most ${humanBytes(maxBytes)}.`);

export const tooSlow = (minBytesPerSecond: number, windowSeconds: number) =>
  new AppError(
    'uploads.too_slow',
    `The upload arrived slower than ${minBytesPerSecond} bytes a second over ${windowSeconds} seconds and was ` +
      'stopped; nothing was kept. Try again on a better connection.',
  );

export const tooManyConcurrent = (limit: number, per: 'user' | 'address') =>
  new AppError(
    'uploads.too_many_concurrent',
    `At most ${limit} uploads may run at once ${per === 'user' ? 'for one user' : 'from one address'}; ` +
      'wait for one to finish, then try again.',
  );

export const tooManyUnfinished = (limit: number) =>
  new AppError(
    'uploads.too_many_unfinished',
    `You have ${limit} unfinished uploads, the most one person may have: finish or cancel one before starting ` +
      'another (unfinished uploads are removed a day after they started).',
  );

export const unfinishedTooLarge = (limit: number) =>
  new AppError(
    'uploads.unfinished_too_large',
    `Your unfinished uploads may hold at most ${humanBytes(limit)} in all, and this one would pass that: finish ` +
      'or cancel some before starting it.',
  );

/** A byte count as people read it: `29 bytes`, `8.4 MB`, `2.1 GB`. */
export function humanBytes(bytes: number): string {
  // Decimal units, as the front ends show every file's size (`formatBytes`): one unit system on every screen.
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const rounded = unit === 0 || value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** The multipart parser's and the streams' own errors, as the answers a client can act on. */
export function asUploadError(error: unknown, maxUploadBytes: number): unknown {
  if (error instanceof AppError) return error;
  const { code, message = '' } = error as { code?: string; message?: string };
  switch (code) {
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('uploads.too_many', `Send at most ${MAX_FILES_PER_UPLOAD} files per upload.`);
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(maxUploadBytes);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return invalidUpload('Send the files as multipart/form-data.');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalidUpload('The form has unexpected fields: send one siteId field, then the files.');
    case 'FST_MP_PREMATURE_CLOSE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
    case 'ECONNRESET':
      return invalidUpload('The upload was cut off before its end.');
  }
  // Busboy reports a malformed body with plain errors.
  if (!code && /multipart|boundary|part|form|header|unexpected end/i.test(message)) {
    return invalidUpload(`The multipart body is malformed: ${message}.`);
  }
  return error;
}
