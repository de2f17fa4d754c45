import { heldInSiteSql } from '../scanning/scans.repository.ts';
import type { FileDirection } from './file-access.ts';

/**
 * Totals for the paged file lists without a query of their own in the common cases. The list needs "how many
 * match" beside each page; counting every row of a site with 100,000 files was most of a list's cost, and a
 * separate query per page a round trip more (bench/, `list`).
 */

/**
 * A column for a page query over `files f` whose `$1` is the tenant and `$2` the site: the site's counter
 * (`file_counts`, kept exact by triggers on `files`, migration 0005) less the files held by their virus scan
 * (decision 43), on every row. Only right when the list is
 * not filtered by search or dates.
 */
export const siteCounterColumn = (direction: FileDirection) =>
  `((SELECT c.n::int FROM file_counts c
    WHERE c.tenant_code = $1 AND c.site_id = $2 AND c.direction = '${direction}') - ${heldInSiteSql(direction)})
   AS site_file_count`;

/**
 * The total for a page: the counter when the query carried it, the page itself when it is the last one (not full,
 * and not empty unless it is the first), else what `count` finds.
 */
export async function totalForPage(
  rows: readonly { site_file_count?: number | null }[],
  page: { limit: number; offset: number },
  count: () => Promise<number>,
): Promise<number> {
  const counted = rows[0]?.site_file_count;
  if (typeof counted === 'number') return counted;
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) return page.offset + rows.length;
  return count();
}

/**
 * A page's LIMIT and OFFSET as literals, not parameters. Reads run on generic plans (database.ts), and a generic
 * plan cannot know a parameter's value: PostgreSQL then guesses that a tenth of the rows are wanted, which for a
 * site of 100,000 files made walking the listing index look dearer than sorting the whole site, and some plans
 * did just that (bench/, `list`: 12–38 ms a page on PostgreSQL instead of 2). Each page size and offset is then a
 * statement of its own, prepared once; the drivers bound how many they keep (PGlite process: the 256 most
 * recent; PostgreSQL: 1,000 named texts, then unnamed). Only checked integers are written into the SQL.
 */
export function pageBoundsSql(page: { limit: number; offset: number }): string {
  const { limit, offset } = page;
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 0 || offset < 0) {
    throw new Error(`not a page: limit ${limit}, offset ${offset}`);
  }
  return `LIMIT ${limit} OFFSET ${offset}`;
}
