import {
  type DocumentRequest,
  REQUEST_AUDIT_ACTIONS,
  type SaveRequestTemplateBody,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { FileMailSettings } from '../site-files/file-notifications.ts';
import {
  deleteTemplateRow,
  insertTemplate,
  selectTemplate,
  selectTemplates,
} from './request-templates.repository.ts';
import { createRequests } from './requests.staff.usecases.ts';

/** A firm's saved requests ("Personal tax return 2025"), applied to many sites at once. */

export async function listTemplates(tx: Queryable, caller: Caller) {
  return { records: await selectTemplates(tx, caller) };
}

async function findTemplate(tx: Queryable, caller: Caller, templateId: string) {
  const template = await selectTemplate(tx, caller, templateId);
  if (!template) throw new AppError('requests.template_not_found', 'There is no such template.');
  return template;
}

const audit = (caller: Caller, action: string, detail: Record<string, unknown>) => ({
  tenantCode: caller.tenantCode,
  siteId: null,
  userId: caller.user.id,
  action,
  detail,
});

export async function saveTemplate(tx: Queryable, caller: Caller, body: SaveRequestTemplateBody) {
  const items = body.items.map((i) => ({
    name: i.name.trim(),
    ...(i.description?.trim() ? { description: i.description.trim() } : {}),
    required: i.required,
    multiple: i.multiple,
  }));
  const template = await insertTemplate(tx, caller, {
    name: body.name.trim(),
    title: body.title.trim(),
    note: body.note?.trim() || null,
    items,
  });
  if (!template) {
    throw new AppError(
      'requests.template_duplicate',
      `A template named "${body.name.trim()}" already exists.`,
    );
  }
  await recordAuditEvents(tx, [
    audit(caller, REQUEST_AUDIT_ACTIONS.templateSave, { templateId: template.id, name: template.name }),
  ]);
  return template;
}

export async function deleteTemplate(tx: Queryable, caller: Caller, templateId: string) {
  const template = await findTemplate(tx, caller, templateId);
  await deleteTemplateRow(tx, caller, template.id);
  await recordAuditEvents(tx, [
    audit(caller, REQUEST_AUDIT_ACTIONS.templateDelete, { templateId, name: template.name }),
  ]);
}

/** One request per site from the template, every one or none. */
export async function applyTemplate(
  tx: Queryable,
  caller: Caller,
  templateId: string,
  target: { siteIds: string[]; dueDate: string },
  notify: FileMailSettings,
): Promise<DocumentRequest[]> {
  const template = await findTemplate(tx, caller, templateId);
  return createRequests(
    tx,
    caller,
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
