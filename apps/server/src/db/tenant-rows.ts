import { CLIENT_TYPES, DOCUMENT_MANAGEMENT_ROLE, SERVICE_TYPES } from '@portico/contracts';
import type { Queryable } from './database.ts';

/**
 * The rows a firm starts with, whoever creates it (the demo seed, an operator's `portico tenant create`): the
 * tenant, its discovery addresses (one per service type and client type, relative, so they follow PUBLIC_URL),
 * the menus both front ends show and the file-area settings. Runs in the caller's owner transaction.
 */
/** The side-menu entries each audience gets by default; the server menu decides what a front end shows. */
export const NEW_TENANT_MENU = {
  client: [
    { key: 'submittedFiles', name: 'Submitted Files', order: 1 },
    { key: 'publishedFiles', name: 'Published Files', order: 2 },
    { key: 'requestedDocuments', name: 'Requested Documents', order: 3 },
    { key: 'notifications', name: 'Notifications', order: 4 },
  ],
  staff: [
    { key: 'sites', name: 'Sites', order: 1 },
    { key: 'publish', name: 'Publish', order: 2 },
    { key: 'submissions', name: 'Submissions', order: 3 },
    { key: 'branding', name: 'Branding', order: 4 },
    { key: 'fileAreaSettings', name: 'File-area settings', order: 5 },
    { key: 'navigationMenu', name: 'Navigation menu', order: 6 },
    { key: 'auditLog', name: 'Audit log', order: 7 },
    { key: 'requests', name: 'Requests', order: 8 },
    { key: 'mail', name: 'Mail', order: 9 },
    { key: 'notifications', name: 'Notifications', order: 10 },
    { key: 'quarantine', name: 'Quarantine', order: 11 },
  ],
};

export const NEW_TENANT_FILE_AREA_SETTINGS = {
  portalFilesView: true,
  internalFilesView: true,
  internalFilesDownload: true,
  internalFilesUpload: true,
  internalFilesDelete: true,
};

export interface NewTenant {
  code: string;
  displayName: string;
  /** A 64×64 PNG. */
  iconPng: Buffer;
  /** The firm's logo, PNG. */
  logoPng: Buffer;
  colors: { primary: string; secondary: string; tertiary: string };
}

/** The default address of a tenant's service: relative, so it follows the server's PUBLIC_URL. */
export const defaultServiceAddress = (code: string, serviceType: string) => `/t/${code}/${serviceType}/`;

export async function insertTenantRows(tx: Queryable, tenant: NewTenant) {
  const { code } = tenant;
  const { primary, secondary, tertiary } = tenant.colors;
  await tx.query(
    `INSERT INTO tenants (code, display_name, icon_png, logo, logo_content_type, primary_color, secondary_color, tertiary_color)
     VALUES ($1, $2, $3, $4, 'image/png', $5, $6, $7)`,
    [code, tenant.displayName, tenant.iconPng, tenant.logoPng, primary, secondary, tertiary],
  );
  const endpoints = SERVICE_TYPES.flatMap((serviceType) =>
    CLIENT_TYPES.map((clientType) => ({
      service_type: serviceType,
      client_type: clientType,
      address: defaultServiceAddress(code, serviceType),
    })),
  );
  await tx.query(
    `INSERT INTO service_endpoints (tenant_code, service_type, role_type, client_type, address)
     SELECT $1, service_type, $2, client_type, address
     FROM jsonb_to_recordset($3::jsonb) AS e(service_type text, client_type text, address text)`,
    [code, DOCUMENT_MANAGEMENT_ROLE, JSON.stringify(endpoints)],
  );
  const items = Object.entries(NEW_TENANT_MENU).flatMap(([audience, list]) =>
    list.map((item) => ({ audience, key: item.key, name: item.name, sort_order: item.order })),
  );
  await tx.query(
    `INSERT INTO menu_items (tenant_code, audience, key, name, sort_order)
     SELECT $1, audience, key, name, sort_order
     FROM jsonb_to_recordset($2::jsonb) AS m(audience text, key text, name text, sort_order int)`,
    [code, JSON.stringify(items)],
  );
  await tx.query('INSERT INTO file_area_settings (tenant_code, settings) VALUES ($1, $2)', [
    code,
    JSON.stringify(NEW_TENANT_FILE_AREA_SETTINGS),
  ]);
}
