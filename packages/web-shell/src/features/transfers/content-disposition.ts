/**
 * The file name a `Content-Disposition` header gives (RFC 6266): `filename*` (RFC 8187, UTF-8) first, then the
 * plain `filename`. Path separators are replaced, so the name can only ever name a file, never a folder.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
      if (name) return safeName(name);
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  const value = plain?.[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain?.[1]?.trim();
  return value ? safeName(value) : undefined;
}

const safeName = (name: string) => name.replace(/[/\\]/g, '_').trim() || undefined;
