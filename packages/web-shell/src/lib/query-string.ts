export type QueryParam = string | number | boolean | readonly string[] | null | undefined;

/**
 * `path?query` with arrays as repeated parameters (`status=a&status=b`), which the server's list filters expect;
 * empty values are left out. (RTK Query's own `params` would join an array with commas.)
 */
export function withQuery(path: string, params: Record<string, QueryParam>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) search.append(name, v);
    else search.append(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
