import {
  FILE_ACTION_AUDIT_ACTIONS,
  FILE_AUDIT_ACTIONS,
  type FileAreaSettingKey,
  REQUEST_AUDIT_ACTIONS,
  STAFF_AUDIT_ACTIONS,
  UPLOAD_AUDIT_ACTIONS,
  VERSION_AUDIT_ACTIONS,
} from '@portico/contracts';
import { FILE_AREA_SETTING_LABELS } from '../file-area-settings/setting-labels.ts';

/** Every audit action the server writes, from the contracts, with how people say it. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  [UPLOAD_AUDIT_ACTIONS.receive]: 'Uploaded',
  [UPLOAD_AUDIT_ACTIONS.discard]: 'Deleted an upload',
  [UPLOAD_AUDIT_ACTIONS.expire]: 'Upload expired',
  [FILE_AUDIT_ACTIONS.submit]: 'Saved (submitted)',
  [FILE_AUDIT_ACTIONS.download]: 'Downloaded',
  [FILE_AUDIT_ACTIONS.preview]: 'Previewed',
  [FILE_ACTION_AUDIT_ACTIONS.rename]: 'Renamed a file',
  [FILE_ACTION_AUDIT_ACTIONS.move]: 'Moved a file',
  [FILE_ACTION_AUDIT_ACTIONS.copy]: 'Copied a file',
  [FILE_ACTION_AUDIT_ACTIONS.delete]: 'Deleted a file (to the trash)',
  [FILE_ACTION_AUDIT_ACTIONS.restore]: 'Restored from the trash',
  [FILE_ACTION_AUDIT_ACTIONS.purge]: 'Deleted a file for good',
  [FILE_ACTION_AUDIT_ACTIONS.folderRestore]: 'Restored a folder from the trash',
  [FILE_ACTION_AUDIT_ACTIONS.folderPurge]: 'Deleted a folder for good',
  [VERSION_AUDIT_ACTIONS.newVersion]: 'Added a new version',
  [STAFF_AUDIT_ACTIONS.filePublish]: 'Published',
  [STAFF_AUDIT_ACTIONS.fileUnpublish]: 'Unpublished',
  [STAFF_AUDIT_ACTIONS.fileStatus]: 'Set a status',
  [STAFF_AUDIT_ACTIONS.siteCreate]: 'Created a site',
  [STAFF_AUDIT_ACTIONS.siteRename]: 'Renamed a site',
  [STAFF_AUDIT_ACTIONS.siteUpdate]: 'Changed a site',
  [STAFF_AUDIT_ACTIONS.siteArchive]: 'Archived a site',
  [STAFF_AUDIT_ACTIONS.siteUnarchive]: 'Restored a site',
  [STAFF_AUDIT_ACTIONS.memberAdd]: 'Added a member',
  [STAFF_AUDIT_ACTIONS.memberRemove]: 'Removed a member',
  [STAFF_AUDIT_ACTIONS.staffAdd]: 'Added a staff member',
  [STAFF_AUDIT_ACTIONS.invitationSend]: 'Sent an invitation',
  [STAFF_AUDIT_ACTIONS.brandingUpdate]: 'Changed the branding',
  [STAFF_AUDIT_ACTIONS.settingsUpdate]: 'Changed settings',
  [STAFF_AUDIT_ACTIONS.settingsReset]: 'Reset settings',
  [STAFF_AUDIT_ACTIONS.menuReplace]: 'Changed a menu',
  [STAFF_AUDIT_ACTIONS.signInPolicyUpdate]: 'Changed the two-step sign-in policy',
  [STAFF_AUDIT_ACTIONS.sessionsEnd]: "Ended a client's sign-ins",
  [REQUEST_AUDIT_ACTIONS.create]: 'Requested documents',
  [REQUEST_AUDIT_ACTIONS.cancel]: 'Withdrew a request',
  [REQUEST_AUDIT_ACTIONS.complete]: 'Request completed',
  [REQUEST_AUDIT_ACTIONS.itemUpload]: 'Sent files for a requested item',
  [REQUEST_AUDIT_ACTIONS.itemNotApplicable]: 'Marked an item not applicable',
  [REQUEST_AUDIT_ACTIONS.itemReopen]: 'Reopened an item',
  [REQUEST_AUDIT_ACTIONS.itemAccept]: 'Accepted an item',
  [REQUEST_AUDIT_ACTIONS.itemReject]: 'Rejected an item',
  [REQUEST_AUDIT_ACTIONS.reminder]: 'Sent a reminder',
  [REQUEST_AUDIT_ACTIONS.templateSave]: 'Saved a request template',
  [REQUEST_AUDIT_ACTIONS.templateDelete]: 'Deleted a request template',
  [REQUEST_AUDIT_ACTIONS.reminderSettings]: 'Changed reminder settings',
};

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** A setting's value as people say it: on, off, or (a site's override cleared) the firm's default. */
const settingValue = (value: unknown) =>
  value === true ? 'on' : value === false ? 'off' : value === null ? 'the firm’s default' : String(value);

/** A setting as the settings page names it ("Download files"), or its key for one it does not know. */
const settingName = (key: string) =>
  Object.hasOwn(FILE_AREA_SETTING_LABELS, key)
    ? FILE_AREA_SETTING_LABELS[key as FileAreaSettingKey].label
    : key;

/** `changes` of a settings event (`{ flag: { from, to } }`): which setting went from what to what. */
function describeChanges(changes: unknown): string[] {
  if (!changes || typeof changes !== 'object') return [];
  return Object.entries(changes as Record<string, { from?: unknown; to?: unknown }>).map(
    ([key, change]) => `${settingName(key)}: ${settingValue(change?.from)} → ${settingValue(change?.to)}`,
  );
}

/** A short, readable account of an event's `detail` (the CSV has all of it). */
export function summariseDetail(detail: Record<string, unknown>): string {
  const plain = Object.entries(detail)
    .filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object')
    .slice(0, 4)
    .map(([key, value]) => `${key}: ${String(value)}`);
  return [...describeChanges(detail.changes), ...plain].join(' · ');
}
