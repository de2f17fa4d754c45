import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';
import { FileAreaSettingsSchema } from './file-area-settings.ts';

/** Page size of list calls: 1 to 100, 10 when absent (SPEC §9). */
export const PageLimitSchema = Type.Integer({
  minimum: 1,
  maximum: 100,
  default: 10,
  description: 'Records per page, 1 to 100.',
});
/** Records to skip; bounded so that no value can overflow the database's integers. */
export const PageOffsetSchema = Type.Integer({
  minimum: 0,
  maximum: 2_147_483_647,
  default: 0,
  description: 'Records to skip.',
});
/**
 * Free-text search, matched case-insensitively as a plain substring: `%`, `_` and `\` match themselves. NUL is
 * refused because PostgreSQL text cannot hold it.
 */
/* @__NO_SIDE_EFFECTS__ */
export const searchTextSchema = (matchedOn: string) =>
  Type.String({
    maxLength: 200,
    pattern: '^[^\\u0000]*$',
    description: `Case-insensitive substring of ${matchedOn}; \`%\`, \`_\` and \`\\\` match themselves.`,
  });

export const SiteIdSchema = Type.String({ format: 'uuid', description: 'A site id.' });

/** Path parameters of every tenant service route. */
export const TenantParamsSchema = Type.Object({ tenant: TenantCodeSchema });
export type TenantParams = Static<typeof TenantParamsSchema>;

export const SiteParamsSchema = Type.Object({ tenant: TenantCodeSchema, siteId: SiteIdSchema });
export type SiteParams = Static<typeof SiteParamsSchema>;

export const SiteListQuerySchema = Type.Object(
  {
    limit: Type.Optional(PageLimitSchema),
    offset: Type.Optional(PageOffsetSchema),
    search: Type.Optional(searchTextSchema('the site name or reference')),
  },
  { $id: 'SiteListQuery', additionalProperties: false },
);
export type SiteListQuery = Static<typeof SiteListQuerySchema>;

export const SiteSchema = Type.Object(
  {
    id: SiteIdSchema,
    name: Type.String(),
    reference: Type.Union([Type.String(), Type.Null()], { description: "The firm's reference, if any." }),
    // The effective flags for this site: false by default, then the tenant's, then the site's override.
    fileAreaSettings: FileAreaSettingsSchema,
  },
  { $id: 'Site', description: 'A site (engagement, matter, client file) the caller may see.' },
);
export type Site = Static<typeof SiteSchema>;

export const SiteListSchema = Type.Object(
  {
    records: Type.Array(SiteSchema, { description: 'This page, ordered by name.' }),
    totalRecordCount: Type.Integer({ minimum: 0, description: 'Matching sites across all pages.' }),
  },
  { $id: 'SiteList' },
);
export type SiteList = Static<typeof SiteListSchema>;

export const SiteRecordCountSchema = Type.Object(
  {
    siteId: SiteIdSchema,
    publishedFileCount: Type.Integer({ minimum: 0, description: 'Files the firm published to the site.' }),
    submittedFileCount: Type.Integer({ minimum: 0, description: 'Files the clients submitted to the site.' }),
    totalRecordCount: Type.Integer({ minimum: 0, description: 'Both together; deleted files never count.' }),
  },
  { $id: 'SiteRecordCount', description: 'How many files a site holds (refreshed every 3 minutes).' },
);
export type SiteRecordCount = Static<typeof SiteRecordCountSchema>;
