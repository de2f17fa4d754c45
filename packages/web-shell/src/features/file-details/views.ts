/** The views of a file's details dialog (dialogs/file-details-dialog.tsx), and which a site's flags allow. */

export type FileDetailsView = 'properties' | 'history' | 'checkouts' | 'assignments';

export const FILE_DETAILS_VIEWS: Record<FileDetailsView, string> = {
  properties: 'Properties',
  history: 'History',
  checkouts: 'Check-outs',
  assignments: 'Assignments',
};

/** Every view: what the firm's staff see, whatever the site's flags. */
export const FILE_DETAILS_ALL: readonly FileDetailsView[] = [
  'properties',
  'history',
  'checkouts',
  'assignments',
];

/** The views a client of a site may open, by its flags (staff: all of them). */
export const fileDetailsViews = (
  settings: Partial<
    Record<
      | 'internalFilesViewProperties'
      | 'internalFilesHistory'
      | 'internalFilesViewCheckoutHistory'
      | 'internalFilesViewAssignmentHistory',
      boolean
    >
  >,
): FileDetailsView[] => [
  ...(settings.internalFilesViewProperties ? (['properties'] as const) : []),
  ...(settings.internalFilesHistory ? (['history'] as const) : []),
  ...(settings.internalFilesViewCheckoutHistory ? (['checkouts'] as const) : []),
  ...(settings.internalFilesViewAssignmentHistory ? (['assignments'] as const) : []),
];
