import { AppError } from '../http/app-error.ts';

/** A folder that is not a live one of the caller's tenant and site, whatever the reason: the id reveals nothing. */
export const folderNotFound = () =>
  new AppError('folders.not_found', 'There is no such folder, or it is not shared with you.');
