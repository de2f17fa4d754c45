/**
 * SPEC §5: the identity provider setup needs an issuer that is a valid URL without '-admin' in the subdomain,
 * and scopes given as an array. Answers every problem found, so the error screen can list them all.
 */
export function validateIdentityProviderSetup(setup: { issuer: unknown; scopes: unknown }): string[] {
  const problems: string[] = [];
  const { issuer, scopes } = setup;
  let url: URL | undefined;
  if (typeof issuer !== 'string' || issuer.trim() === '') {
    problems.push('The identity provider (issuer) address is missing.');
  } else {
    try {
      url = new URL(issuer);
    } catch {
      problems.push(`The identity provider address "${issuer}" is not a valid URL.`);
    }
  }
  if (url) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      problems.push(`The identity provider address "${issuer}" must be an http(s) URL.`);
    // The first label of the host is the subdomain; an '-admin' one is an administration console, not an issuer.
    else if (url.hostname.split('.')[0]?.includes('-admin'))
      problems.push(`The identity provider address "${issuer}" points at an '-admin' subdomain.`);
  }
  if (!Array.isArray(scopes)) problems.push('The sign-in scopes must be given as a list.');
  else if (scopes.length === 0 || scopes.some((s) => typeof s !== 'string' || s.trim() === ''))
    problems.push('The sign-in scopes must be a list of non-empty names.');
  else if (!scopes.includes('openid')) problems.push("The sign-in scopes must include 'openid'.");
  return problems;
}
