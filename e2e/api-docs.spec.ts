import { describe, expect, test } from 'vitest';
import { takeScreenshots } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';

const server = useServer();
const browser = useBrowser();

describe('the API documentation', () => {
  test('renders the Swagger UI under the Content-Security-Policy', async () => {
    const { page, errors } = await browser.open();
    await page.goto(`${server().url}/docs`);

    const title = page.getByRole('heading', { name: /Portico API/ });
    await title.first().waitFor();
    await takeScreenshots(page, 'api-docs');

    // Swagger UI sets styles at run time; a policy that blocks them shows up here as console errors.
    expect(errors.filter((e) => /Content.Security.Policy|Refused to/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
