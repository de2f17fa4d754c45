import { describe, expect, test } from 'vitest';
import { PASSWORD_RULE_MESSAGES, passwordRuleProblem } from './password-rule.ts';

const owner = { email: 'bob.smith@acme.example', username: 'bob' };

describe('the one password rule', () => {
  test('twelve characters at least, counted as people count them', () => {
    expect(passwordRuleProblem('kettle-lamp', owner)).toBe(PASSWORD_RULE_MESSAGES.tooShort);
    expect(passwordRuleProblem('kettle-lantern-orbit', owner)).toBeUndefined();
    // Twelve letters outside the basic plane are twelve characters, not twenty-four UTF-16 units.
    expect(passwordRuleProblem('𝔨𝔢𝔱𝔱𝔩𝔢𝔩𝔞𝔪𝔭𝔰𝔬', owner)).toBeUndefined();
    expect(passwordRuleProblem('𝔨𝔢𝔱𝔱𝔩𝔢𝔩𝔞𝔪𝔭𝔰', owner)).toBe(PASSWORD_RULE_MESSAGES.tooShort);
    expect(passwordRuleProblem('x'.repeat(1025), owner)).toBe(PASSWORD_RULE_MESSAGES.tooLong);
  });

  test('common passwords, sequences and keyboard walks are refused however long', () => {
    for (const common of [
      'password1234',
      'passwordpassword',
      'qwertyuiop123',
      '123456789012',
      'aaaaaaaaaaaa',
    ]) {
      expect({ common, problem: passwordRuleProblem(common, owner) }).toEqual({
        common,
        problem: PASSWORD_RULE_MESSAGES.common,
      });
    }
  });

  test('not the e-mail address or username, in any case', () => {
    expect(passwordRuleProblem('Bob.Smith@acme.example', owner)).toBe(PASSWORD_RULE_MESSAGES.own);
    expect(passwordRuleProblem('bob.smith@acme.example ', owner)).toBe(PASSWORD_RULE_MESSAGES.own);
    // Built from the address: zxcvbn takes it as a known word.
    expect(passwordRuleProblem('bob.smith2024', owner)).toBe(PASSWORD_RULE_MESSAGES.common);
  });

  test('no composition rules: lower-case words with spaces will do', () => {
    expect(passwordRuleProblem('correct horse battery', owner)).toBeUndefined();
    expect(passwordRuleProblem('a new client password', owner)).toBeUndefined();
  });
});
