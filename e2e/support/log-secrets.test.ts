import { expect, test } from 'vitest';
import { secretsInLog } from './log-secrets.ts';

const line = (fields: object) => JSON.stringify({ level: 30, ...fields });

test('finds each kind of secret in a log, and names the rule it broke', () => {
  const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJib2IiLCJ0ZW5hbnQiOiJhY21lIn0.c2lnbmF0dXJlLXBhcnQ';
  const log = [
    line({ req: { url: '/portal/callback?code=N3k2UrBv0c8YxO9QmK4tP1sW7zA5eD6fG2hJ' } }),
    line({ headers: { authorization: 'Bearer Zm9vYmFyYmF6cXV4cXV1eA' } }),
    line({ token: jwt }),
    line({ body: { password: 'portico' } }),
    line({ req: { url: `/t/acme/file-management/api/downloads/dt_${'A'.repeat(43)}` } }),
    line({ chunk: '%PDF-1.4 1 0 obj' }),
  ].join('\n');
  expect(secretsInLog(log).map((found) => found.rule)).toEqual([
    'a JWT (access or ID token)',
    'a bearer token',
    'a secret query value',
    'a download ticket',
    'a password as a value',
    'file content',
  ]);
});

test('passes what the server writes once it has redacted', () => {
  const log = [
    line({ req: { url: '/portal/callback?code=redacted&state=abc' } }),
    line({ headers: { authorization: '[redacted]' } }),
    line({ body: { password: '[redacted]' } }),
    line({ req: { url: '/t/acme/file-management/api/downloads/dt_[redacted]' } }),
    line({ req: { url: '/t/acme/file-management/api/files/published-files?siteId=5&page=2' } }),
  ].join('\n');
  expect(secretsInLog(log)).toEqual([]);
});
