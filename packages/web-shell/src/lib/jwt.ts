/**
 * Reads a JWT's payload without verifying it: the front end only needs the claims to decide what to show;
 * every service verifies the token itself.
 */
export function decodeJwtPayload(token: string | undefined | null): Record<string, unknown> | undefined {
  if (!token) return undefined;
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The tenant codes the token's tenant claim lists; a single string is a list of one (SPEC §3). */
export function readTenantCodes(token: string | undefined | null, claim: string): string[] {
  const value = decodeJwtPayload(token)?.[claim];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  const codes = list
    .filter((c): c is string => typeof c === 'string' && c.trim() !== '')
    .map((c) => c.trim());
  return [...new Set(codes)];
}
