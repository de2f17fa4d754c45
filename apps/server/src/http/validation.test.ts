import type { SiteList } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { errorCode, useTestApi } from '../testing/api.ts';

const api = useTestApi();

describe('request validation', () => {
  it('coerces query strings, which arrive as text, to the schema types', async () => {
    const answer = await api.as('bob').get<SiteList>('/t/acme/portal/api/sites', { limit: 1, offset: 0 });
    expect(answer.status).toBe(200);
    expect(answer.body.records).toHaveLength(1);
  });

  it('does not coerce JSON bodies: a number where a string belongs is a 400, not a guess', async () => {
    const sites = (await api.as('bob').get<SiteList>('/t/acme/portal/api/sites')).body;
    const save = (title: unknown) =>
      api.as('bob').post('/t/acme/portal/api/files', {
        siteId: sites.records[0]!.id,
        files: [{ referenceNumber: 'UP-0123456789ABCDEF', title }],
      });
    // The same body with a string title passes validation and reaches the lookup, so only the type differs.
    const withString = await save('42');
    expect(errorCode(withString.body)).toBe('uploads.not_found');
    const withNumber = await save(42);
    expect(withNumber.status).toBe(400);
    expect(errorCode(withNumber.body)).toBe('request.invalid');
  });
});
