import { describe, expect, test } from 'vitest';
import { readSignInState, safeReturnTo } from './return-to.ts';

describe('the path to come back to after sign-in', () => {
  test('a deep link of the app is restored, with its query and hash', () => {
    expect(safeReturnTo('/publishedFiles?page=2#top', '/submittedFiles')).toBe('/publishedFiles?page=2#top');
  });
  test('a plain sign-in (the root) lands on the home path', () => {
    expect(safeReturnTo('/', '/submittedFiles')).toBe('/submittedFiles');
    expect(safeReturnTo(undefined, '/submittedFiles')).toBe('/submittedFiles');
  });
  test('never another origin, never the sign-in pages themselves', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'publishedFiles',
      '/logout',
      '/login/callback?code=x',
    ])
      expect(safeReturnTo(bad, '/submittedFiles')).toBe('/submittedFiles');
  });
  test("reads the path from the user's sign-in state", () => {
    expect(readSignInState({ returnTo: '/publishedFiles' }, '/submittedFiles')).toBe('/publishedFiles');
    expect(readSignInState(null, '/submittedFiles')).toBe('/submittedFiles');
  });
});
