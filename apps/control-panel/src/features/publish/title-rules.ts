import { hasControlCharacters } from '../../lib/text-rules.ts';

// The server's FileTitleSchema: 1 to 200 characters, no control characters, not blank.
export const MAX_TITLE_LENGTH = 200;

/** Why a title would be refused, or undefined when it is fine. */
export function titleProblem(title: string): string | undefined {
  if (!title.trim()) return 'A title is needed.';
  if (title.length > MAX_TITLE_LENGTH) return `At most ${MAX_TITLE_LENGTH} characters.`;
  if (hasControlCharacters(title)) return 'Control characters are not allowed.';
  return undefined;
}

/** The title a file starts with: its name without the extension. */
export const defaultTitle = (fileName: string) =>
  (fileName.replace(/\.[^.]+$/, '') || fileName).slice(0, MAX_TITLE_LENGTH);
