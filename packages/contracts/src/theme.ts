import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';

/** A colour as six hex digits without `#` (SPEC §3), e.g. `1F4E79`. */
export const HexColorSchema = Type.String({ pattern: '^[0-9A-Fa-f]{6}$', examples: ['1F4E79'] });

export const ThemeSchema = Type.Object(
  {
    tenantCode: TenantCodeSchema,
    displayName: Type.String({ description: "The firm's name as shown in the header." }),
    logo: Type.String({
      description: 'The firm logo as a data: URL carrying its content type (image/png or image/svg+xml).',
    }),
    icon: Type.String({ description: 'The tenant icon as a `data:image/png;base64,…` URL (favicon).' }),
    primaryColor: HexColorSchema,
    secondaryColor: HexColorSchema,
    tertiaryColor: HexColorSchema,
  },
  { $id: 'Theme', description: "A tenant's branding: logo, name and colours." },
);
export type Theme = Static<typeof ThemeSchema>;
