import type { ClientAppConfig, OAuthEndpointAddress, RuntimeConfig } from '@portico/contracts';
import { validateIdentityProviderSetup } from './issuer.ts';

/** Which section of /config.json a front end signs in with. */
export type ClientSection = 'portal' | 'controlPanel';

/** A start-up problem: shown on the setup error screen with its details, never as a blank page. */
export class SetupError extends Error {
  readonly details: string[];
  constructor(message: string, details: string[] = []) {
    super(message);
    this.name = 'SetupError';
    this.details = details;
  }
}

const LOG_LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown) => typeof value === 'string' && value.length > 0;
const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && URL.canParse(value);

/** What is wrong with one front end's section of /config.json, as `/portal/clientId: …` lines. */
function clientProblems(name: string, value: unknown): string[] {
  if (!isObject(value)) return [`/${name}: expected an object`];
  const problems: string[] = [];
  if (!isText(value.clientId)) problems.push(`/${name}/clientId: expected a non-empty string`);
  for (const key of ['redirectUri', 'postLogoutRedirectUri'])
    if (!isAbsoluteUrl(value[key])) problems.push(`/${name}/${key}: expected an absolute URL`);
  if (!Array.isArray(value.scopes) || value.scopes.length === 0 || !value.scopes.every(isText))
    problems.push(`/${name}/scopes: expected a list of scope names`);
  return problems;
}

/**
 * Checks /config.json against the RuntimeConfig contract (contracts/runtime-config.ts), field by field. The
 * server writes it from that very schema (and its tests hold it to it); this check, small and without a schema
 * compiler in the browser's first download, only has to say clearly what a proxy or an old server got wrong.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const problems: string[] = [];
  if (!isObject(value)) problems.push('(root): expected an object');
  else {
    if (typeof value.version !== 'string') problems.push('/version: expected a string');
    if (!isAbsoluteUrl(value.discoveryUrl)) problems.push('/discoveryUrl: expected an absolute URL');
    if (!isText(value.tenantClaim)) problems.push('/tenantClaim: expected a non-empty string');
    if (!LOG_LEVELS.includes(value.logLevel as string))
      problems.push(`/logLevel: expected one of ${LOG_LEVELS.join(', ')}`);
    problems.push(
      ...clientProblems('portal', value.portal),
      ...clientProblems('controlPanel', value.controlPanel),
    );
  }
  if (problems.length === 0) return value as RuntimeConfig;
  throw new SetupError('The runtime configuration (/config.json) is not valid.', problems.slice(0, 8));
}

/** Everything sign-in needs, once the issuer is known and validated. */
export interface RuntimeSetup {
  config: RuntimeConfig;
  client: ClientAppConfig;
  /** The OpenID issuer from discovery (`authUrl`). */
  issuer: string;
}

type Fetch = typeof fetch;

async function getJson(fetchFn: Fetch, url: string, what: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchFn(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new SetupError(`The ${what} could not be reached.`, [
      timedOut
        ? `No answer from ${url} within ${timeoutMs / 1000} s.`
        : `${url}: ${(error as Error).message}`,
    ]);
  }
  if (!response.ok)
    throw new SetupError(`The ${what} answered with an error.`, [`${url}: HTTP ${response.status}`]);
  try {
    return await response.json();
  } catch {
    throw new SetupError(`The ${what} sent an answer that could not be read.`, [url]);
  }
}

/**
 * Start-up: `/config.json`, then discovery's `OAuthEndpointAddress` for the issuer, then the SPEC §5 checks.
 * Any failure is a {@link SetupError} the shell shows on its error screen.
 */
export async function loadRuntimeSetup(
  section: ClientSection,
  {
    fetchFn = fetch,
    configUrl = '/config.json',
    timeoutMs = 30_000,
  }: { fetchFn?: Fetch; configUrl?: string; timeoutMs?: number } = {},
): Promise<RuntimeSetup> {
  const config = parseRuntimeConfig(await getJson(fetchFn, configUrl, 'runtime configuration', timeoutMs));
  const client = config[section];
  const base = config.discoveryUrl.endsWith('/') ? config.discoveryUrl : `${config.discoveryUrl}/`;
  const answer = (await getJson(
    fetchFn,
    `${base}OAuthEndpointAddress`,
    'discovery service',
    timeoutMs,
  )) as Partial<OAuthEndpointAddress> | null;
  const issuer = answer?.serviceEndpoint;
  const problems = validateIdentityProviderSetup({ issuer, scopes: client.scopes });
  if (problems.length > 0) throw new SetupError('The identity provider is not set up correctly.', problems);
  return { config: { ...config, discoveryUrl: base }, client, issuer: issuer as string };
}
