import { defineMailTemplate } from '../mail-content.ts';

/**
 * A firm invites someone without an account: a single-use link to set a password (embedded provider), or a link
 * to the portal's sign-in (external provider). Names only what the inviting firm typed: its site, its record of
 * the person and of the staff member who invited them.
 */
export interface InvitationData {
  /** As the inviting firm knows its staff member. */
  inviterName: string;
  /** The site they were added to; null when they were made staff. */
  siteName: string | null;
  /** The set-password link (its secret in the fragment), or the portal's address. */
  link: string;
  /** `YYYY-MM-DD`, the last day a set-password link works; null for a sign-in link. */
  expiresOn: string | null;
}

export const invitationMail = defineMailTemplate<InvitationData>({
  kind: 'account',
  render: (data, { tenant }) => {
    const what = data.siteName
      ? `the documents of ${data.siteName}`
      : `the control panel of ${tenant.displayName}`;
    return {
      subject: `${tenant.displayName} invited you to Portico`,
      heading: `${data.inviterName} of ${tenant.displayName} invited you to see ${what}`,
      blocks: data.expiresOn
        ? [
            { type: 'text', text: 'Choose your password to sign in with your e-mail address.' },
            {
              type: 'text',
              text: `The link works once, until ${data.expiresOn}. After that, ask ${tenant.displayName} to send the invitation again.`,
            },
          ]
        : [{ type: 'text', text: 'Sign in with the account your organisation gave you.' }],
      action: { label: data.expiresOn ? 'Set your password' : 'Sign in', url: data.link },
    };
  },
});
