import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { hashPassword } from '../../idp/password.ts';
import { insertMembership } from '../../sites/members.repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { insertTenantRows } from '../../tenants/tenants.repository.ts';
import type { Database, Queryable } from '../database.ts';
import {
  DEMO_PASSWORD,
  DEMO_REQUEST_TEMPLATE,
  DEMO_SITES,
  DEMO_STAFF,
  DEMO_TENANTS,
  DEMO_USERS,
  type DemoUser,
} from './demo-data.ts';
import { renderDemoPdf } from './demo-documents.ts';
import { drawMarkPng } from './demo-images.ts';

export interface SeedResult {
  /** False when the database already had tenants and nothing was written. */
  seeded: boolean;
  accounts: (DemoUser & { password: string })[];
}

const DAY = 86_400_000;

/**
 * Seeds the demo into an empty database: two firms with their branding, discovery entries and menus, four
 * users, sites and real PDF files. Runs once; a database that has any tenant is left alone.
 */
export async function seedDemo(db: Database, blobs: BlobStore): Promise<SeedResult> {
  const accounts = DEMO_USERS.map((u) => ({ ...u, password: DEMO_PASSWORD }));
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenants');
  if ((rows[0]?.n ?? 0) > 0) return { seeded: false, accounts };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const documents = await renderDocuments();
  // Blobs first: a crash before the commit leaves orphan blobs at worst, never rows pointing at nothing.
  for (const doc of documents) await blobs.put(doc.blobKey, Readable.from([doc.bytes]));

  await db.transaction(async (tx) => {
    const userIds = new Map<string, string>();
    for (const user of DEMO_USERS) {
      const id = randomUUID();
      userIds.set(user.username, id);
      await tx.query('INSERT INTO users (id, email, name) VALUES ($1, $2, $3)', [id, user.email, user.name]);
      await tx.query('INSERT INTO idp_accounts (user_id, username, password_hash) VALUES ($1, $2, $3)', [
        id,
        user.username,
        passwordHash,
      ]);
    }
    for (const tenant of DEMO_TENANTS) {
      await insertTenant(tx, tenant.code, tenant);
      for (const username of DEMO_STAFF[tenant.code] ?? []) {
        await tx.query('INSERT INTO tenant_staff (tenant_code, user_id) VALUES ($1, $2)', [
          tenant.code,
          userIds.get(username),
        ]);
      }
    }
    for (const site of DEMO_SITES) {
      const siteId = randomUUID();
      await tx.query('INSERT INTO sites (id, tenant_code, name, reference) VALUES ($1, $2, $3, $4)', [
        siteId,
        site.tenant,
        site.name,
        site.reference,
      ]);
      for (const member of site.members) {
        await insertMembership(tx, site.tenant, siteId, userIds.get(member)!);
      }
      const publisher = userIds.get(DEMO_STAFF[site.tenant]?.[0] ?? '');
      for (const doc of documents.filter((d) => d.site === site)) {
        await tx.query(
          `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                              status, created_by, created_at)
           VALUES ($1, $2, 'published', $3, $4, 'application/pdf', $5, $6, $7, 'published', $8, $9)`,
          [
            site.tenant,
            siteId,
            doc.title,
            doc.fileName,
            doc.bytes.length,
            doc.sha256,
            doc.blobKey,
            publisher,
            doc.createdAt,
          ],
        );
      }
    }
  });
  return { seeded: true, accounts };
}

async function insertTenant(tx: Queryable, code: string, tenant: (typeof DEMO_TENANTS)[number]) {
  const { primary, secondary } = tenant.colors;
  await insertTenantRows(tx, {
    code,
    displayName: tenant.displayName,
    iconPng: drawMarkPng(64, tenant.mark, primary, secondary),
    logoPng: drawMarkPng(160, tenant.mark, primary, secondary),
    colors: tenant.colors,
  });
  const template = DEMO_REQUEST_TEMPLATE;
  await tx.query(
    'INSERT INTO document_request_templates (tenant_code, name, title, note, items) VALUES ($1, $2, $3, $4, $5)',
    [code, template.name, template.title, template.note, JSON.stringify(template.items)],
  );
}

async function renderDocuments() {
  const now = Date.now();
  const out = [];
  for (const site of DEMO_SITES) {
    const tenant = DEMO_TENANTS.find((t) => t.code === site.tenant)!;
    for (const doc of site.published) {
      const bytes = await renderDemoPdf(
        { title: doc.title, firm: tenant.displayName, client: site.name, paragraphs: doc.paragraphs },
        tenant.colors.primary,
      );
      out.push({
        ...doc,
        site,
        bytes,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        blobKey: `${site.tenant}/${randomUUID()}`,
        createdAt: new Date(now - doc.daysAgo * DAY),
      });
    }
  }
  return out;
}

/**
 * The demo's sign-in accounts that exist in this database, seeded now or by an earlier start: the banner names
 * them, since their password is public.
 */
export async function findDemoAccounts(db: Database): Promise<DemoUser[]> {
  const { rows } = await db.query<{ username: string }>(
    'SELECT username FROM idp_accounts WHERE username = ANY($1::text[])',
    [DEMO_USERS.map((u) => u.username)],
  );
  const present = new Set(rows.map((r) => r.username));
  return DEMO_USERS.filter((u) => present.has(u.username));
}
