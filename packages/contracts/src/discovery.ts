import { type Static, Type } from 'typebox';
import { CLIENT_TYPES, DOCUMENT_MANAGEMENT_ROLE, SERVICE_TYPES, TENANT_CODE_PATTERN } from './constants.ts';

export const TenantCodeSchema = Type.String({ pattern: TENANT_CODE_PATTERN, maxLength: 63 });

export const OAuthEndpointAddressSchema = Type.Object(
  {
    serviceEndpoint: Type.String({
      format: 'uri',
      description: 'The OpenID issuer the front ends sign in with.',
    }),
  },
  { $id: 'OAuthEndpointAddress' },
);
export type OAuthEndpointAddress = Static<typeof OAuthEndpointAddressSchema>;

export const DiscoverServicesRequestSchema = Type.Object(
  {
    TenantCode: TenantCodeSchema,
    RoleType: Type.String({ minLength: 1, maxLength: 100, examples: [DOCUMENT_MANAGEMENT_ROLE] }),
  },
  { $id: 'DiscoverServicesRequest', additionalProperties: false },
);
export type DiscoverServicesRequest = Static<typeof DiscoverServicesRequestSchema>;

export const ClientEndpointSchema = Type.Object({
  clientType: Type.Enum(CLIENT_TYPES),
  entrypointAddress: Type.String({ format: 'uri' }),
});
export type ClientEndpoint = Static<typeof ClientEndpointSchema>;

export const ServiceEntrySchema = Type.Object(
  {
    serviceType: Type.Enum(SERVICE_TYPES),
    roleType: Type.String(),
    clientEndpoints: Type.Array(ClientEndpointSchema),
  },
  { $id: 'ServiceEntry' },
);
export type ServiceEntry = Static<typeof ServiceEntrySchema>;

export const DiscoverServicesResponseSchema = Type.Array(ServiceEntrySchema, {
  $id: 'DiscoverServicesResponse',
});
export type DiscoverServicesResponse = Static<typeof DiscoverServicesResponseSchema>;

const TENANT_CODE = TENANT_CODE_PATTERN.replace(/^\^|\$$/g, '');

export const GetTenantContextsQuerySchema = Type.Object(
  {
    tenantCodes: Type.String({
      minLength: 1,
      maxLength: 2000,
      pattern: `^${TENANT_CODE}(,${TENANT_CODE})*$`,
      description:
        "Comma-separated tenant codes, each one the caller's tenant claim lists; codes the portal does not know " +
        'are left out of the answer.',
      examples: ['acme,globex'],
    }),
  },
  { additionalProperties: false },
);
export type GetTenantContextsQuery = Static<typeof GetTenantContextsQuerySchema>;

export const TenantContextSchema = Type.Object(
  {
    tenantCode: TenantCodeSchema,
    tenantDisplayName: Type.String(),
    tenantIcon: Type.String({ description: 'The tenant icon, a base64-encoded PNG (no data: prefix).' }),
  },
  { $id: 'TenantContext' },
);
export type TenantContext = Static<typeof TenantContextSchema>;

export const GetTenantContextsResponseSchema = Type.Array(TenantContextSchema, { $id: 'TenantContexts' });
export type GetTenantContextsResponse = Static<typeof GetTenantContextsResponseSchema>;
