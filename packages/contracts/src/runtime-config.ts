import { type Static, Type } from 'typebox';

export const ClientAppConfigSchema = Type.Object({
  clientId: Type.String({ minLength: 1 }),
  /** Absolute URL the identity provider redirects to after sign-in. */
  redirectUri: Type.String({ format: 'uri' }),
  /** Where the provider sends the browser after RP-initiated logout. */
  postLogoutRedirectUri: Type.String({ format: 'uri' }),
  scopes: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
});
export type ClientAppConfig = Static<typeof ClientAppConfigSchema>;

/** `/config.json`: what a front end needs before it can do anything else. */
export const RuntimeConfigSchema = Type.Object(
  {
    version: Type.String(),
    discoveryUrl: Type.String({ format: 'uri', description: 'Base address of the discovery service.' }),
    tenantClaim: Type.String({ minLength: 1 }),
    logLevel: Type.Enum(['debug', 'info', 'warn', 'error']),
    portal: ClientAppConfigSchema,
    controlPanel: ClientAppConfigSchema,
  },
  { $id: 'RuntimeConfig' },
);
export type RuntimeConfig = Static<typeof RuntimeConfigSchema>;
