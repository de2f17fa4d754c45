import type { MailTemplate } from './mail-content.ts';
import {
  requestCompletedMail,
  requestItemRejectedMail,
  requestItemsAskedMail,
  requestReminderMail,
} from './templates/document-requests.ts';
import { fileQuarantinedMail } from './templates/file-quarantined.ts';
import { fileStatusChangedMail } from './templates/file-status-changed.ts';
import { filesAssignedMail } from './templates/files-assigned.ts';
import { filesFollowedMail } from './templates/files-followed.ts';
import { filesPublishedMail } from './templates/files-published.ts';
import { filesSharedMail } from './templates/files-shared.ts';
import { filesSubmittedMail } from './templates/files-submitted.ts';
import { invitationMail } from './templates/invitation.ts';
import { passwordResetMail } from './templates/password-reset.ts';
import { submissionStatusMail } from './templates/submission-status.ts';
import {
  newBrowserSignInMail,
  passkeyAddedMail,
  recoveryCodeUsedMail,
  twoStepLockedMail,
  twoStepResetMail,
} from './templates/two-step.ts';

/**
 * Every mail the server sends, by template key (mail_outbox.template). To add one: write
 * `templates/<name>.ts` exporting `defineMailTemplate({ kind, render })` and add it here, one line; its data
 * type then checks every `enqueueMail` call that names it.
 */
export const MAIL_TEMPLATES = {
  'files-published': filesPublishedMail,
  'submission-status': submissionStatusMail,
  'files-submitted': filesSubmittedMail,
  invitation: invitationMail,
  'password-reset': passwordResetMail,
  'request-items-asked': requestItemsAskedMail,
  'request-reminder': requestReminderMail,
  'request-item-rejected': requestItemRejectedMail,
  'request-completed': requestCompletedMail,
  'file-quarantined': fileQuarantinedMail,
  'two-step-locked': twoStepLockedMail,
  'recovery-code-used': recoveryCodeUsedMail,
  'two-step-reset': twoStepResetMail,
  'new-browser-sign-in': newBrowserSignInMail,
  'files-shared': filesSharedMail,
  'passkey-added': passkeyAddedMail,
  'file-status-changed': fileStatusChangedMail,
  'files-assigned': filesAssignedMail,
  'files-followed': filesFollowedMail,
} as const;

export type MailTemplateKey = keyof typeof MAIL_TEMPLATES;
export type MailDataOf<K extends MailTemplateKey> =
  (typeof MAIL_TEMPLATES)[K] extends MailTemplate<infer Data> ? Data : never;

export const mailTemplateOf = (key: string): MailTemplate<unknown> | undefined =>
  Object.hasOwn(MAIL_TEMPLATES, key)
    ? (MAIL_TEMPLATES[key as MailTemplateKey] as MailTemplate<unknown>)
    : undefined;
