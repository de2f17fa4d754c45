/**
 * What must never be in a log line (issue 18), recognisable without knowing the secret itself: tokens (JWTs, a
 * bearer header), the values of query parameters that carry secrets, download tickets, a password as a field
 * value, and file content (every spec uploads PDFs, which start `%PDF-`). Each rule is named in the answer.
 */
const RULES: [name: string, pattern: RegExp][] = [
  ['a JWT (access or ID token)', /eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{10,}/],
  ['a bearer token', /Bearer\s+(?!\[?redacted)[\w.~+/-]{16,}/i],
  [
    'a secret query value',
    /[?&](code|code_verifier|id_token_hint|access_token|refresh_token|token|ticket|invitation|password)=(?!redacted)[^&\s"]+/i,
  ],
  ['a download ticket', /dt_[\w-]{43}/],
  ['a password as a value', /"(password|newPassword|confirmation)"\s*:\s*"(?!\[Redacted\])/i],
  ['file content', /%PDF-/],
];

/** The rules a log breaks, each with the first line that breaks it (cut to 300 characters). */
export function secretsInLog(log: string): { rule: string; line: string }[] {
  const lines = log.split('\n');
  const found: { rule: string; line: string }[] = [];
  for (const [rule, pattern] of RULES) {
    const line = lines.find((l) => pattern.test(l));
    if (line !== undefined) found.push({ rule, line: line.slice(0, 300) });
  }
  return found;
}
