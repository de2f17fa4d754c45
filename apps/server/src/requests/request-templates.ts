import {
  type DocumentRequest,
  REQUEST_AUDIT_ACTIONS,
  type RequestTemplate,
  type SaveRequestTemplateBody,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { TenantScope } from '../auth/tenant-scope.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { FileMailSettings } from '../site-files/file-notifications.ts';
import { createRequests } from './requests.staff.usecases.ts';

/** A firm's saved requests ("Personal tax return 2025"), applied to many sites at once. */

interface TemplateRow {
  id: string;
  name: string;
  title: string;
  note: string | null;
  items: RequestTemplate['items'];
  created_at: Date | string;
}

const toTemplate = (row: TemplateRow): RequestTemplate => ({
  id: row.id,
  name: row.name,
  title: row.title,
  note: row.note,
  items: row.items,
  createdAt: new Date(row.created_at).toISOString(),
});

const COLUMNS = 'id, name, title, note, items, created_at';

export async function listTemplates(tx: Queryable, scope: TenantScope) {
  const { rows } = await tx.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM document_request_templates WHERE tenant_code = $1 ORDER BY lower(name), id`,
    [scope.tenantCode],
  );
  return { records: rows.map(toTemplate) };
}

async function findTemplate(tx: Queryable, scope: TenantScope, templateId: string) {
  const { rows } = await tx.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM document_request_templates WHERE tenant_code = $1 AND id = $2`,
    [scope.tenantCode, templateId],
  );
  if (!rows[0]) throw new AppError('requests.template_not_found', 'There is no such template.');
  return toTemplate(rows[0]);
}

const audit = (scope: TenantScope, action: string, detail: Record<string, unknown>) => ({
  tenantCode: scope.tenantCode,
  siteId: null,
  userId: scope.user.id,
  action,
  detail,
});

export async function saveTemplate(tx: Queryable, scope: TenantScope, body: SaveRequestTemplateBody) {
  const items = body.items.map((i) => ({
    name: i.name.trim(),
    ...(i.description?.trim() ? { description: i.description.trim() } : {}),
    required: i.required,
    multiple: i.multiple,
  }));
  const { rows } = await tx.query<TemplateRow>(
    `INSERT INTO document_request_templates (tenant_code, name, title, note, items, created_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT (tenant_code, name) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      scope.tenantCode,
      body.name.trim(),
      body.title.trim(),
      body.note?.trim() || null,
      JSON.stringify(items),
      scope.user.id,
    ],
  );
  if (!rows[0]) {
    throw new AppError(
      'requests.template_duplicate',
      `A template named "${body.name.trim()}" already exists.`,
    );
  }
  const template = toTemplate(rows[0]);
  await recordAuditEvents(tx, [
    audit(scope, REQUEST_AUDIT_ACTIONS.templateSave, { templateId: template.id, name: template.name }),
  ]);
  return template;
}

export async function deleteTemplate(tx: Queryable, scope: TenantScope, templateId: string) {
  const template = await findTemplate(tx, scope, templateId);
  await tx.query('DELETE FROM document_request_templates WHERE tenant_code = $1 AND id = $2', [
    scope.tenantCode,
    template.id,
  ]);
  await recordAuditEvents(tx, [
    audit(scope, REQUEST_AUDIT_ACTIONS.templateDelete, { templateId, name: template.name }),
  ]);
}

/** One request per site from the template, every one or none. */
export async function applyTemplate(
  tx: Queryable,
  scope: TenantScope,
  templateId: string,
  target: { siteIds: string[]; dueDate: string },
  notify: FileMailSettings,
): Promise<DocumentRequest[]> {
  const template = await findTemplate(tx, scope, templateId);
  return createRequests(
    tx,
    scope,
    {
      ...target,
      templateId: template.id,
      title: template.title,
      ...(template.note ? { note: template.note } : {}),
      items: template.items,
    },
    notify,
  );
}
