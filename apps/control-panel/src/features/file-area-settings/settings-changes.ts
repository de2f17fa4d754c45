import {
  FILE_AREA_SETTING_KEYS,
  type FileAreaSettingKey,
  type FileAreaSettingOverrides,
  type FileAreaSettings,
  type UpdateSiteFileAreaSettingsBody,
  type UpdateTenantFileAreaSettingsBody,
} from '@portico/contracts';
import { FILE_AREA_SETTING_LABELS, SETTING_GROUP_TEXTS } from './setting-labels.ts';

/** A heading of the settings page and the flags under it. */
export interface SettingGroup {
  title: string;
  description: string;
  /** False for flags nothing follows yet: the page keeps them folded away, so nobody expects them to act. */
  inUse: boolean;
  keys: FileAreaSettingKey[];
}

/** Every flag in the order of its group on the page (the labels' own order). */
const LABELLED = Object.keys(FILE_AREA_SETTING_LABELS) as FileAreaSettingKey[];

/**
 * The groups of switches the page shows (seeing and sending files, organising them, working on them, sharing,
 * history), each flag under the group its label names; a group with no switch is left out. Since issue 27 every
 * flag gates a real feature, so the "Not in use yet" group is empty and not shown; it comes back by itself for a
 * flag added later without `enforced`.
 */
export const SETTING_GROUPS: SettingGroup[] = [
  ...Object.entries(SETTING_GROUP_TEXTS).map(([id, text]) => ({
    ...text,
    inUse: true,
    keys: LABELLED.filter(
      (k) => FILE_AREA_SETTING_LABELS[k].group === id && FILE_AREA_SETTING_LABELS[k].enforced,
    ),
  })),
  {
    title: 'Not in use yet',
    description:
      'Kept for features to come: Portico does not have these features yet, so switching them changes nothing today.',
    inUse: false,
    keys: LABELLED.filter((k) => !FILE_AREA_SETTING_LABELS[k].enforced),
  },
].filter((group) => group.keys.length > 0);

/** The tenant flags that differ from what is saved (the PATCH body), or null when nothing changed. */
export function tenantChanges(
  saved: FileAreaSettings,
  draft: FileAreaSettings,
): UpdateTenantFileAreaSettingsBody | null {
  const body: UpdateTenantFileAreaSettingsBody = {};
  for (const key of FILE_AREA_SETTING_KEYS) if (draft[key] !== saved[key]) body[key] = draft[key];
  return Object.keys(body).length > 0 ? body : null;
}

/** A site's draft: a boolean overrides the flag, null follows the firm's default. */
export type SiteDraft = Record<FileAreaSettingKey, boolean | null>;

export function siteDraftOf(overrides: FileAreaSettingOverrides): SiteDraft {
  return Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, overrides[k] ?? null])) as SiteDraft;
}

/** The overrides that differ from what is saved: true/false to set one, null to go back to the default. */
export function siteChanges(
  saved: FileAreaSettingOverrides,
  draft: SiteDraft,
): UpdateSiteFileAreaSettingsBody | null {
  const body: UpdateSiteFileAreaSettingsBody = {};
  for (const key of FILE_AREA_SETTING_KEYS) if (draft[key] !== (saved[key] ?? null)) body[key] = draft[key];
  return Object.keys(body).length > 0 ? body : null;
}
