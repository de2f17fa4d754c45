import { createRequire } from 'node:module';
import type { OptionsType, ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The one rule for a password a person chooses (web set-password page, invitations, resets, the command line;
 * decision 45): long enough, not a common password, not their own address or username. No composition rules
 * (NIST SP 800-63B §3.1.1.2): length and a deny-list guard better than "one digit and one symbol" does. The demo
 * accounts' documented password is seeded, not chosen, so the rule does not apply to it.
 */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

export const PASSWORD_RULE_MESSAGES = {
  tooShort: `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: `Use at most ${MAX_PASSWORD_LENGTH} characters.`,
  own: 'Your password cannot be your e-mail address or username.',
  common: 'This password is too common or too easy to guess: choose another, such as a few unrelated words.',
} as const;

/** What the person is known by, which their password must not be (nor be built from). */
export interface PasswordOwner {
  email?: string | undefined;
  username?: string | undefined;
}

// zxcvbn's scores: 3 is "safely unguessable" (about 10^8 guesses and more), what an online attack with rate limits
// cannot reach; below that the password is, or is built from, a common password, a sequence or a keyboard walk.
const MIN_SCORE = 3;
// zxcvbn's cost grows with the length; past this many characters nothing a dictionary holds survives anyway.
const CHECKED_LENGTH = 100;

let checker: ZxcvbnFactory | undefined;

/**
 * Built on first use: the library and its dictionary (3 MB of heap loaded, more once built) cost some milliseconds
 * and memory that a server whose people choose no password never needs (decision 89). Required, not imported, so
 * that the rule stays a plain function for its callers.
 */
function passwordChecker() {
  if (checker) return checker;
  const require = createRequire(import.meta.url);
  const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  const { adjacencyGraphs, dictionary } =
    require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
  checker = new Factory({
    // The common-password list only: the diceware list would score down exactly the passphrases people should pick.
    dictionary: { 'passwords-common': dictionary['passwords-common'] },
    graphs: adjacencyGraphs,
  } as OptionsType);
  return checker;
}

/** Why this password cannot be chosen, or undefined when it will do. The same message wherever it is asked. */
export function passwordRuleProblem(password: string, owner: PasswordOwner = {}): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_RULE_MESSAGES.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_RULE_MESSAGES.tooLong;
  const own = [owner.email, owner.email?.split('@')[0], owner.username]
    .filter((value): value is string => Boolean(value?.trim()))
    .map((value) => value.trim().toLowerCase());
  if (own.includes(password.trim().toLowerCase())) return PASSWORD_RULE_MESSAGES.own;
  const { score } = passwordChecker().check(password.slice(0, CHECKED_LENGTH), own);
  return score < MIN_SCORE ? PASSWORD_RULE_MESSAGES.common : undefined;
}
