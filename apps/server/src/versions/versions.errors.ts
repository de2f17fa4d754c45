import { AppError } from '../http/app-error.ts';

/** A version that is not there, or not released by its virus scan yet: the same answer, so it tells nothing. */
export const versionNotFound = () =>
  new AppError(
    'versions.not_found',
    'This file has no such version, or it is still being checked for viruses.',
  );
