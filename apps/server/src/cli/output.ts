/** Columns padded to their widest cell, as an operator reads them in a terminal (and `cut`/`awk` can split). */
export function table(
  headers: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string[] {
  const cells = [headers, ...rows.map((row) => row.map((cell) => (cell === null ? '-' : String(cell))))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  return cells.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
}

/** Dates as Portico shows them: `YYYY-MM-DD`. */
export const day = (iso: string) => iso.slice(0, 10);
