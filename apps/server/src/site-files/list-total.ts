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
