/** Test helpers for the front ends built on the shell (jsdom + Testing Library); never imported by app code. */

export { DefaultBranding } from '../features/branding/components/branding-provider.tsx';
export { fakeJwt, testConfig, testDescriptor, testSetup } from './fixtures.ts';
export { createTestStore, fakeOidcSession, memoryStorage, renderWithShell } from './render-with-shell.tsx';
export { FIRST_FILE_PAGE, signIn } from './signed-in.ts';
