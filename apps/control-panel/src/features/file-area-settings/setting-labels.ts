import type { FileAreaSettingKey } from '@portico/contracts';

export interface SettingLabel {
  label: string;
  description: string;
  /** The server enforces it on an action the portal has today (ARCHITECTURE: authorization). */
  enforced?: boolean;
}

/** A human label for every fileAreaSettings flag of SPEC §3; the Record type makes a missing one a type error. */
export const FILE_AREA_SETTING_LABELS: Record<FileAreaSettingKey, SettingLabel> = {
  portalFilesView: {
    label: 'See files in the portal',
    description:
      'Clients see the site’s files in the portal: those published to them and those they submitted (Published and Submitted Files).',
    enforced: true,
  },
  internalFilesDownload: {
    label: 'Download files',
    description: 'Clients can download the files and zip several of them.',
    enforced: true,
  },
  internalFilesUpload: {
    label: 'Upload files',
    description: 'Clients can upload files to the site.',
    enforced: true,
  },
  internalFilesDelete: {
    label: 'Delete files',
    description: 'Clients can throw away files they uploaded but have not submitted.',
    enforced: true,
  },
  urlFileUpload: { label: 'Upload from a link', description: 'Add a file by its web address.' },
  internalFileStatusUpdate: { label: 'Change file status', description: "Update a file's status." },
  internalFilesEmail: { label: 'E-mail files', description: 'Send files by e-mail.' },
  internalFileSetAssignee: {
    label: 'Set the assignee',
    description: 'Choose who is responsible for a file.',
  },
  internalFileSetProject: { label: 'Set the project', description: 'File a document under a project.' },
  internalFilesCheckinCheckout: {
    label: 'Check files in and out',
    description: 'Lock a file while editing it.',
  },
  internalFilesRecategorize: { label: 'Recategorise files', description: "Change a file's category." },
  fileAreaFolderStructure: { label: 'Folders', description: 'Organise the files in folders.' },
  fileAreaManageEmailSubscription: {
    label: 'E-mail subscriptions',
    description: 'Subscribe to e-mails about new files.',
  },
  fileAreaManageTags: { label: 'Manage tags', description: 'Create and apply tags.' },
  internalFilesAssign: { label: 'Assign files', description: 'Assign files to people.' },
  internalFilesCopy: { label: 'Copy files', description: 'Copy files to another place.' },
  internalFilesHistory: { label: 'File history', description: 'See what happened to a file.' },
  internalFilesMove: { label: 'Move files', description: 'Move files to another place.' },
  internalFilesRename: { label: 'Rename files', description: "Change a file's name." },
  internalFilesUpdate: {
    label: 'Update files',
    description: 'Clients can upload a new version of a file ("Upload a new version").',
    enforced: true,
  },
  internalFilesView: {
    label: 'View files',
    description:
      'Clients can preview files in the browser (Preview); without it they can only download them.',
    enforced: true,
  },
  internalFilesViewAssignmentHistory: {
    label: 'Assignment history',
    description: 'See who a file was assigned to.',
  },
  internalFilesViewCheckoutHistory: {
    label: 'Check-out history',
    description: 'See who checked a file out.',
  },
  internalFilesViewProperties: { label: 'File properties', description: "See a file's details." },
  internalFilesViewVersionHistory: {
    label: 'Version history',
    description: "Clients can see a file's versions and download or preview any of them.",
    enforced: true,
  },
  internalFilesPublishUnPublish: {
    label: 'Publish and unpublish',
    description: 'Publish files to the site and take them back.',
  },
};
