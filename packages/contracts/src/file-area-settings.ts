import { type Static, Type } from 'typebox';

/** Every flag of SPEC §3, in its order; all default to false. */
export const FILE_AREA_SETTING_KEYS = [
  'urlFileUpload',
  'internalFileStatusUpdate',
  'internalFilesEmail',
  'internalFileSetAssignee',
  'internalFileSetProject',
  'internalFilesDownload',
  'internalFilesCheckinCheckout',
  'internalFilesRecategorize',
  'fileAreaFolderStructure',
  'fileAreaManageEmailSubscription',
  'fileAreaManageTags',
  'internalFilesAssign',
  'internalFilesCopy',
  'internalFilesDelete',
  'internalFilesHistory',
  'internalFilesMove',
  'internalFilesRename',
  'internalFilesUpdate',
  'internalFilesUpload',
  'internalFilesView',
  'internalFilesViewAssignmentHistory',
  'internalFilesViewCheckoutHistory',
  'internalFilesViewProperties',
  'internalFilesViewVersionHistory',
  'portalFilesView',
  'internalFilesPublishUnPublish',
] as const;
export type FileAreaSettingKey = (typeof FILE_AREA_SETTING_KEYS)[number];

export const FileAreaSettingsSchema = Type.Object(
  Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, Type.Boolean({ default: false })])) as Record<
    FileAreaSettingKey,
    ReturnType<typeof Type.Boolean>
  >,
  { $id: 'FileAreaSettings' },
);
export type FileAreaSettings = Static<typeof FileAreaSettingsSchema>;

export const DEFAULT_FILE_AREA_SETTINGS: FileAreaSettings = Object.fromEntries(
  FILE_AREA_SETTING_KEYS.map((k) => [k, false]),
) as FileAreaSettings;
