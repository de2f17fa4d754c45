import { APP_VERSION } from '@portico/contracts';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations, takeScreenshots } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';

const server = useServer();
const browser = useBrowser();

describe('the control panel', () => {
  test('shows its placeholder with the version and a way to the portal', async () => {
    const { page, errors } = await browser.open();
    await page.goto(`${server().url}/control-panel/`);

    const heading = page.getByRole('heading', { level: 1, name: 'Portico control panel' });
    await heading.waitFor();
    expect(await page.getByText(`Version ${APP_VERSION}`).isVisible()).toBe(true);
    expect(await page.getByText(/coming soon/).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to the portal' }).getAttribute('href')).toBe('/');

    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'control-panel-placeholder');
    expect(errors).toEqual([]);
  });

  test('deep links inside it fall back to its own page', async () => {
    const { page } = await browser.open();
    const response = await page.goto(`${server().url}/control-panel/settings/users`);
    expect(response?.status()).toBe(200);
    const heading = page.getByRole('heading', { level: 1, name: 'Portico control panel' });
    await heading.waitFor();
  });
});

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
