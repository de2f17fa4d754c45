import { defineMailTemplate } from '../mail-content.ts';

/** Mails about a person's second step (decision 45); to their own address, never turned off. */

export interface TwoStepLockedData {
  /** ISO time until which the second step refuses every code. */
  lockedUntil: string;
}

export const twoStepLockedMail = defineMailTemplate<TwoStepLockedData>({
  kind: 'account',
  render: (data) => ({
    subject: 'Your Portico sign-in is paused after wrong codes',
    heading: 'Five wrong codes',
    blocks: [
      {
        type: 'text',
        text: `Someone typed your password and then five wrong codes of your authenticator app. To keep your account safe, no code is accepted until ${data.lockedUntil.replace('T', ' ').slice(0, 16)} UTC.`,
      },
      {
        type: 'text',
        text: 'If it was not you, someone knows your password: once you can sign in again, choose a new one with "Forgot your password?" on the sign-in page.',
      },
    ],
  }),
});

export const recoveryCodeUsedMail = defineMailTemplate<{ left: number }>({
  kind: 'account',
  render: (data) => ({
    subject: 'A Portico recovery code was used',
    heading: 'A recovery code was used',
    blocks: [
      {
        type: 'text',
        text: `Someone signed in to your Portico account with one of your recovery codes. ${data.left} unused codes are left.`,
      },
      {
        type: 'text',
        text: 'If it was not you, choose a new password with "Forgot your password?" and make new recovery codes on the "Sign-in and security" page.',
      },
    ],
  }),
});

export const twoStepResetMail = defineMailTemplate<Record<string, never>>({
  kind: 'account',
  render: () => ({
    subject: 'Your Portico two-step sign-in was reset',
    heading: 'Two-step sign-in reset',
    blocks: [
      {
        type: 'text',
        text: 'An administrator removed your authenticator app, recovery codes and passkeys. At your next sign-in you sign in with your password, and set up a second step again if your firm requires one.',
      },
      { type: 'text', text: 'If you did not ask for this, tell your firm at once.' },
    ],
  }),
});

export interface NewBrowserSignInData {
  /** ISO time of the sign-in. */
  at: string;
  browser: string;
  address: string;
  method: string;
}

export const newBrowserSignInMail = defineMailTemplate<NewBrowserSignInData>({
  kind: 'account',
  render: (data) => ({
    subject: 'A new sign-in to your Portico account',
    heading: 'Signed in from a new browser',
    blocks: [
      {
        type: 'text',
        text: `Your Portico account was signed in to on ${data.at.replace('T', ' ').slice(0, 16)} UTC from ${data.browser} (address ${data.address}), with: ${data.method}. This browser had not signed you in before.`,
      },
      {
        type: 'text',
        text: 'If it was you, there is nothing to do. If not, choose "Sign out everywhere" on the "Sign-in and security" page, then a new password with "Forgot your password?".',
      },
    ],
  }),
});

export const passkeyAddedMail = defineMailTemplate<{ name: string }>({
  kind: 'account',
  render: (data) => ({
    subject: 'A passkey was added to your Portico account',
    heading: 'New passkey',
    blocks: [
      {
        type: 'text',
        text: `A passkey named "${data.name}" was added to your Portico account. It signs you in without a password, and counts as your second step after one.`,
      },
      {
        type: 'text',
        text: 'If it was not you, remove it on the "Sign-in and security" page, choose "Sign out everywhere", then a new password with "Forgot your password?".',
      },
    ],
  }),
});
