import { useSearchParams } from 'react-router';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The address bar's `?folderId=` (a folder id), or null for the site's root. */
export function useFolderParam(): string | null {
  const [params] = useSearchParams();
  const value = params.get('folderId');
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

/** What a list keeps per folder: its page, search and dates start again in another folder. */
const PER_FOLDER = ['folderId', 'page', 'q', 'from', 'to'];

/**
 * The address of a folder of the current page: `?folderId=`, without the list's page, search and dates (a folder
 * opens at its first page); the rest (sort, size, a site filter) stays. Opening one adds a history entry, so Back
 * returns to the folder before.
 */
export function folderSearch(current: URLSearchParams, folderId: string | null): string {
  const next = new URLSearchParams(current);
  for (const name of PER_FOLDER) next.delete(name);
  if (folderId) next.set('folderId', folderId);
  const text = next.toString();
  return text ? `?${text}` : '?';
}
