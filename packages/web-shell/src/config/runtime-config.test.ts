import { describe, expect, test, vi } from 'vitest';
import { testConfig } from '../testing/fixtures.ts';
import { loadRuntimeSetup, parseRuntimeConfig, SetupError } from './runtime-config.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeFetch(answers: Record<string, () => Response | Promise<Response>>) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const answer = answers[url];
    if (!answer) throw new TypeError(`Failed to fetch ${url}`);
    return answer();
  }) as unknown as typeof fetch;
}

const discovery = `${testConfig.discoveryUrl}OAuthEndpointAddress`;

describe('runtime configuration', () => {
  test('accepts a config that follows the contract', () => {
    expect(parseRuntimeConfig(testConfig)).toEqual(testConfig);
  });

  test('refuses a config that does not, with the reasons', () => {
    const error = (() => {
      try {
        parseRuntimeConfig({ ...testConfig, discoveryUrl: 'nowhere', portal: undefined });
      } catch (e) {
        return e as SetupError;
      }
    })();
    expect(error).toBeInstanceOf(SetupError);
    expect(error?.details.join('\n')).toMatch(/discoveryUrl|portal/);
  });

  test('loads the config, then the issuer from discovery', async () => {
    const fetchFn = fakeFetch({
      '/config.json': () => json(testConfig),
      [discovery]: () => json({ serviceEndpoint: 'http://localhost:3000/oidc' }),
    });
    const setup = await loadRuntimeSetup('portal', { fetchFn });
    expect(setup.issuer).toBe('http://localhost:3000/oidc');
    expect(setup.client.clientId).toBe('portico-portal');
    const cp = await loadRuntimeSetup('controlPanel', { fetchFn });
    expect(cp.client.clientId).toBe('portico-control-panel');
  });

  test("an '-admin' issuer from discovery stops the start with a clear message", async () => {
    const fetchFn = fakeFetch({
      '/config.json': () => json(testConfig),
      [discovery]: () => json({ serviceEndpoint: 'https://firm-admin.example.com' }),
    });
    await expect(loadRuntimeSetup('portal', { fetchFn })).rejects.toMatchObject({
      message: 'The identity provider is not set up correctly.',
      details: [expect.stringContaining("'-admin'")],
    });
  });

  test('unreachable or failing services are setup errors, not crashes', async () => {
    await expect(loadRuntimeSetup('portal', { fetchFn: fakeFetch({}) })).rejects.toMatchObject({
      message: 'The runtime configuration could not be reached.',
    });
    const failing = fakeFetch({ '/config.json': () => json(testConfig), [discovery]: () => json({}, 503) });
    await expect(loadRuntimeSetup('portal', { fetchFn: failing })).rejects.toMatchObject({
      message: 'The discovery service answered with an error.',
    });
  });
});
