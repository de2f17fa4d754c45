/** SQL pieces every repository writes the same way. */

/** `search` as an ILIKE pattern that matches it as a plain substring: its own `%`, `_` and `\` are escaped. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of a list and what is said beside it (its total; for a site's list also the site's visibility and the
 * folder's) in one statement: the header's one row `LEFT JOIN LATERAL` the page, so the answer is never empty, and a
 * page past the end is that one row with the page's columns null (bench/, `folders`: a statement per part was a
 * round trip each; decision 63). `page` selects from its own subquery; `orderBy` orders over the page's alias `q`.
 */
export const headedPageSql = (header: string, page: string, orderBy: string) =>
  `SELECT h.*, q.* FROM (SELECT ${header}) h LEFT JOIN LATERAL (${page}) q ON true ORDER BY ${orderBy}`;

/** The header and the page's rows of a `headedPageSql` answer (a row without an `id` carries no file). */
export function splitHeadedPage<Row extends { id: string | null }>(
  rows: Row[],
): { header: Row; rows: Row[] } {
  const [header] = rows;
  if (!header) throw new Error('a headed page answered no row');
  return { header, rows: rows.filter((row) => row.id !== null) };
}
