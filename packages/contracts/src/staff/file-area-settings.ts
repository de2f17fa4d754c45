import { type Static, type TSchema, Type } from 'typebox';
import {
  FILE_AREA_SETTING_KEYS,
  type FileAreaSettingKey,
  FileAreaSettingsSchema,
} from '../file-area-settings.ts';
import { SiteIdSchema } from '../sites.ts';
import { exactBooleanOrNullSchema, exactBooleanSchema, nullableDateTime } from './common.ts';

/* @__NO_SIDE_EFFECTS__ */
const flags = <T extends TSchema>(schema: () => T) =>
  Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, Type.Optional(schema())])) as Record<
    FileAreaSettingKey,
    ReturnType<typeof Type.Optional<T>>
  >;

/** The flags a site sets itself; a flag it does not name follows the tenant default. */
export const FileAreaSettingOverridesSchema = Type.Object(flags(Type.Boolean), {
  $id: 'FileAreaSettingOverrides',
  additionalProperties: false,
  description: 'Only the flags this site overrides.',
});
export type FileAreaSettingOverrides = Static<typeof FileAreaSettingOverridesSchema>;

export const TenantFileAreaSettingsSchema = Type.Object(
  {
    settings: FileAreaSettingsSchema,
    updatedAt: nullableDateTime('When they were last stored; null if never.'),
  },
  { $id: 'TenantFileAreaSettings', description: "The firm's defaults for every site." },
);
export type TenantFileAreaSettings = Static<typeof TenantFileAreaSettingsSchema>;

export const UpdateTenantFileAreaSettingsBodySchema = Type.Object(
  flags(() => exactBooleanSchema()),
  {
    $id: 'UpdateTenantFileAreaSettingsBody',
    additionalProperties: false,
    minProperties: 1,
    description: 'The flags to change; the others keep their value.',
  },
);
export type UpdateTenantFileAreaSettingsBody = Static<typeof UpdateTenantFileAreaSettingsBodySchema>;

// FileAreaSettingsSchema without its $id: one response may not name the same $id twice.
/* @__NO_SIDE_EFFECTS__ */
const allFlags = (description: string) =>
  Type.Object(Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, Type.Boolean()])) as FileAreaFlags, {
    description,
  });
type FileAreaFlags = Record<FileAreaSettingKey, ReturnType<typeof Type.Boolean>>;

export const SiteFileAreaSettingsSchema = Type.Object(
  {
    siteId: SiteIdSchema,
    tenantDefaults: allFlags("The firm's defaults."),
    overrides: FileAreaSettingOverridesSchema,
    effective: allFlags('What is in force for the site: its overrides over the defaults.'),
    updatedAt: nullableDateTime('When the overrides were last stored; null if the site has none stored.'),
  },
  {
    $id: 'SiteFileAreaSettings',
    description:
      "A site's overrides and what is in force: every flag false, then the defaults, then the overrides.",
  },
);
export type SiteFileAreaSettings = Static<typeof SiteFileAreaSettingsSchema>;

export const UpdateSiteFileAreaSettingsBodySchema = Type.Object(
  flags(() => exactBooleanOrNullSchema()),
  {
    $id: 'UpdateSiteFileAreaSettingsBody',
    additionalProperties: false,
    minProperties: 1,
    description:
      'A boolean overrides the flag for this site; null clears the override (back to the tenant default).',
  },
);
export type UpdateSiteFileAreaSettingsBody = Static<typeof UpdateSiteFileAreaSettingsBodySchema>;
