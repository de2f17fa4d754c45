import { defineMailTemplate } from '../mail-content.ts';

/** Someone asked to reset the password of the account of this address, on the provider's "forgot" page. */
export interface PasswordResetData {
  /** The set-password link, its secret in the fragment. */
  link: string;
  /** `YYYY-MM-DD`, the last day it works. */
  expiresOn: string;
}

export const passwordResetMail = defineMailTemplate<PasswordResetData>({
  kind: 'account',
  render: (data) => ({
    subject: 'Reset your Portico password',
    heading: 'Choose a new password',
    blocks: [
      { type: 'text', text: 'Someone asked to reset the password of the Portico account of this address.' },
      {
        type: 'text',
        text: `If it was you, choose a new password with the link below. It works once, until ${data.expiresOn}. If it was not, ignore this mail: your password stays as it is.`,
      },
    ],
    action: { label: 'Choose a new password', url: data.link },
  }),
});
