import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '@portico/contracts';
import { defineMailTemplate } from '../mail-content.ts';

/** The firm changed the status of a file a client submitted, with its note. */
export interface SubmissionStatusData {
  siteId: string;
  siteName: string;
  fileId: string;
  title: string;
  /** A SubmissionStatus; shown by its label. */
  status: string;
  note: string | null;
}

export const submissionStatusMail = defineMailTemplate<SubmissionStatusData>({
  kind: 'submission_status',
  activity: true,
  render: (data, { tenant, publicUrl }) => {
    const status = SUBMISSION_STATUS_LABELS[data.status as SubmissionStatus] ?? data.status;
    return {
      subject: `${data.title}: ${status.toLowerCase()} by ${tenant.displayName}`,
      heading: `${tenant.displayName} marked "${data.title}" as ${status.toLowerCase()}`,
      blocks: [
        { type: 'text', text: `In ${data.siteName}, the file you submitted is now: ${status}.` },
        ...(data.note
          ? [{ type: 'note' as const, label: `Note from ${tenant.displayName}`, text: data.note }]
          : []),
      ],
      action: {
        label: 'Open Submitted Files',
        url: `${publicUrl}/submittedFiles?site=${encodeURIComponent(data.siteId)}&tenant=${encodeURIComponent(tenant.code)}`,
      },
    };
  },
});
