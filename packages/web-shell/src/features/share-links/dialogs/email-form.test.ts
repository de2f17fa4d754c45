import { describe, expect, test } from 'vitest';
import { progressText } from '../components/url-upload.tsx';
import { addressesOf, emailFormProblem } from './email-files-dialog.tsx';

describe('the e-mail form', () => {
  test('splits addresses at commas, semicolons, spaces and new lines, each once', () => {
    expect(addressesOf(' a@example.com, b@example.com;\nc@example.com  a@example.com ')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });

  test('says what is wrong before sending', () => {
    expect(emailFormProblem([], '', '')).toBe('Enter at least one e-mail address.');
    const many = Array.from({ length: 21 }, (_, i) => `r${i}@example.com`);
    expect(emailFormProblem(many, '', '')).toMatch(/at most 20 addresses/);
    expect(emailFormProblem(['not-an-address'], '', '')).toMatch(/is not an e-mail address/);
    expect(emailFormProblem(['a@example.com'], '31', '')).toMatch(/1 to 30 days/);
    expect(emailFormProblem(['a@example.com'], '', '0')).toMatch(/download limit/);
    expect(emailFormProblem(['a@example.com'], '7', '3')).toBeUndefined();
  });
});

describe('upload from a link', () => {
  test('shows progress as bytes of the announced length, or bytes received', () => {
    expect(progressText({ bytesReceived: 1_500_000, bytesExpected: 3_000_000 })).toBe('1.5 MB of 3 MB');
    expect(progressText({ bytesReceived: 2_000, bytesExpected: null })).toBe('2 KB received');
  });
});
