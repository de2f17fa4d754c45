/** SQL pieces every repository writes the same way. */

/** `search` as an ILIKE pattern that matches it as a plain substring: its own `%`, `_` and `\` are escaped. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
