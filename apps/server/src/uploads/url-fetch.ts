import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { parse as parseContentDisposition } from 'content-disposition';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { AppError } from '../http/app-error.ts';

/**
 * Fetching a web address on a person's behalf without letting them reach what only the server can (SSRF): only
 * `https:` (and `http:` where allowed), at most 5 redirects, and every hop's host resolved and refused when any of
 * its addresses is not a public unicast one (loopback, private, link-local, multicast, carrier-grade NAT, the
 * cloud metadata addresses). The check runs twice per hop: here, before connecting, for a clear refusal; and in
 * request-filtering-agent's lookup at connect time, so a name that resolves differently the second time (DNS
 * rebinding) is refused too. Only a test names hosts that skip it (URL_UPLOAD_ALLOWED_HOSTS, `host:port`).
 */

export interface UrlFetchPolicy {
  allowHttp: boolean;
  /** `host:port`, lower-case: fetched without the address check (tests' own servers). */
  allowedHosts: readonly string[];
}

export const MAX_REDIRECTS = 5;

/** Public unicast addresses that still answer with secrets: Azure's wire server and instance metadata. */
const DENIED_ADDRESSES = ['168.63.129.16', '169.254.169.254', 'fd00:ec2::254'];

export const urlRefused = (why: string) =>
  new AppError('url.refused', `This address cannot be fetched: ${why}`);

const hostKey = (url: URL) =>
  `${url.hostname.toLowerCase()}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;

const isAllowedHost = (url: URL, policy: UrlFetchPolicy) => policy.allowedHosts.includes(hostKey(url));

/** The address as a URL the policy lets through by its form: the scheme, no credentials. */
export function checkUrl(raw: string | URL, policy: UrlFetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw urlRefused('it is not a web address.');
  }
  const schemes = policy.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw urlRefused(
      `only ${policy.allowHttp ? 'https: and http:' : 'https:'} addresses are fetched, not ${url.protocol}`,
    );
  }
  if (url.username || url.password)
    throw urlRefused('addresses with a user name or password are not fetched.');
  return url;
}

/** Why an address may not be connected to, or undefined when it is a public unicast one. */
export function addressRefusal(address: string): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return `${address} is not an address.`;
  }
  if (DENIED_ADDRESSES.includes(parsed.toString())) return `${address} is a cloud metadata address.`;
  const range = parsed.range();
  return range === 'unicast' ? undefined : `${address} is a ${range} address, not a public one.`;
}

/** Resolves the URL's host and refuses it if any address it has is not public (unless the policy allows it). */
export async function checkHost(url: URL, policy: UrlFetchPolicy): Promise<void> {
  if (isAllowedHost(url, policy)) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new AppError('url.fetch_failed', `The address ${url.hostname} could not be found.`);
    }
  }
  for (const address of addresses) {
    const refusal = addressRefusal(address);
    if (refusal) throw urlRefused(refusal);
  }
}

const filtering = {
  allowPrivateIPAddress: false,
  allowMetaIPAddress: false,
  denyIPAddressList: DENIED_ADDRESSES,
};
const AGENTS = {
  'http:': new RequestFilteringHttpAgent({ ...filtering, keepAlive: false }),
  'https:': new RequestFilteringHttpsAgent({ ...filtering, keepAlive: false }),
};
const OPEN_AGENTS = { 'http:': new http.Agent(), 'https:': new https.Agent() };

function get(url: URL, policy: UrlFetchPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  const scheme = url.protocol as 'http:' | 'https:';
  const agent = (isAllowedHost(url, policy) ? OPEN_AGENTS : AGENTS)[scheme];
  const client = scheme === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { agent, signal, headers: { 'user-agent': 'Portico (upload from a link)', accept: '*/*' } },
      resolve,
    );
    request.on('error', (error) => {
      // request-filtering-agent's refusal at connect time ("… is not allowed. Because …").
      reject(/is not allowed/.test(error.message) ? urlRefused('its address is not a public one.') : error);
    });
  });
}

/** A response of the last hop, and its address. */
export interface FetchedResponse {
  response: IncomingMessage;
  url: URL;
}

/**
 * GET `start`, following at most MAX_REDIRECTS redirects, each hop checked as the first. Answers the first 2xx
 * response (its body unread); anything else fails with `url.refused` or `url.fetch_failed`.
 */
export async function openUrl(
  start: URL,
  policy: UrlFetchPolicy,
  signal: AbortSignal,
): Promise<FetchedResponse> {
  let url = start;
  for (let hop = 0; ; hop++) {
    checkUrl(url, policy);
    await checkHost(url, policy);
    const response = await get(url, policy, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) throw urlRefused(`it redirects more than ${MAX_REDIRECTS} times.`);
      try {
        url = new URL(response.headers.location, url);
      } catch {
        throw urlRefused('it redirects to something that is not a web address.');
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new AppError('url.fetch_failed', `The server at ${url.host} answered ${status}.`);
    }
    return { response, url };
  }
}

/** The file's name: the response's Content-Disposition, else the last segment of the address, else `download`. */
export function fileNameOf(response: IncomingMessage, url: URL): string {
  const header = response.headers['content-disposition'];
  if (header) {
    try {
      const name = parseContentDisposition(header).parameters.filename;
      if (name) return name;
    } catch {
      // An unreadable header names nothing.
    }
  }
  const segment = url.pathname.split('/').filter(Boolean).pop();
  if (segment) {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }
  return 'download';
}
