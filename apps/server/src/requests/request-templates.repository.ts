import type { RequestTemplate } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';

/** A firm's request templates (request-templates.ts), in the caller's tenant transaction. */

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

export async function selectTemplates(tx: Queryable, caller: Caller): Promise<RequestTemplate[]> {
  const { rows } = await tx.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM document_request_templates WHERE tenant_code = $1 ORDER BY lower(name), id`,
    [caller.tenantCode],
  );
  return rows.map(toTemplate);
}

export async function selectTemplate(
  tx: Queryable,
  caller: Caller,
  templateId: string,
): Promise<RequestTemplate | undefined> {
  const { rows } = await tx.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM document_request_templates WHERE tenant_code = $1 AND id = $2`,
    [caller.tenantCode, templateId],
  );
  return rows[0] && toTemplate(rows[0]);
}

/** Stores a template; undefined when the firm has one of that name already. */
export async function insertTemplate(
  tx: Queryable,
  caller: Caller,
  template: Pick<RequestTemplate, 'name' | 'title' | 'note' | 'items'>,
): Promise<RequestTemplate | undefined> {
  const { rows } = await tx.query<TemplateRow>(
    `INSERT INTO document_request_templates (tenant_code, name, title, note, items, created_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT (tenant_code, name) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      caller.tenantCode,
      template.name,
      template.title,
      template.note,
      JSON.stringify(template.items),
      caller.user.id,
    ],
  );
  return rows[0] && toTemplate(rows[0]);
}

export async function deleteTemplateRow(tx: Queryable, caller: Caller, templateId: string) {
  await tx.query('DELETE FROM document_request_templates WHERE tenant_code = $1 AND id = $2', [
    caller.tenantCode,
    templateId,
  ]);
}
