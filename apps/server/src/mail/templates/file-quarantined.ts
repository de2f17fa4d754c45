import { defineMailTemplate } from '../mail-content.ts';

/** The scanner found malware in a file that came in: to the firm's staff, always (kind `account`: security). */
export interface FileQuarantinedData {
  fileName: string;
  signature: string;
  siteName: string | null;
  uploadedBy: string | null;
}

export const fileQuarantinedMail = defineMailTemplate<FileQuarantinedData>({
  kind: 'account',
  activity: true,
  render: (data, { tenant, publicUrl }) => ({
    subject: `Malware found and quarantined: ${data.fileName}`,
    heading: `A file sent to ${tenant.displayName} was quarantined`,
    blocks: [
      {
        type: 'text',
        text: `The virus scanner found ${data.signature} in "${data.fileName}"${data.uploadedBy ? `, uploaded by ${data.uploadedBy}` : ''}${data.siteName ? ` to ${data.siteName}` : ''}. Nobody can download it; it is kept in quarantine until it is deleted.`,
      },
    ],
    action: {
      label: 'Open the quarantine',
      url: `${publicUrl}/control-panel/quarantine?tenant=${encodeURIComponent(tenant.code)}`,
    },
  }),
});
