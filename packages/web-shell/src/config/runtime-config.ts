import {
  type ClientAppConfig,
  type OAuthEndpointAddress,
  type RuntimeConfig,
  RuntimeConfigSchema,
} from '@portico/contracts';
import { Value } from 'typebox/value';
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

/** Validates /config.json against the RuntimeConfig contract. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (Value.Check(RuntimeConfigSchema, value)) return value;
  const details = [...Value.Errors(RuntimeConfigSchema, value)]
    .slice(0, 8)
    .map((e) => `${e.instancePath || '(root)'}: ${e.message}`);
  throw new SetupError('The runtime configuration (/config.json) is not valid.', details);
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
