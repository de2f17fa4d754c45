import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo-data.ts';

/** Fills the embedded provider's login form the page was sent to, as a demo user (or with another password). */
export async function signInAs(page: Page, username: string, password = DEMO_PASSWORD) {
  const usernameField = page.getByLabel('Username');
  await usernameField.waitFor({ timeout: 20_000 });
  await usernameField.fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
