import {
  type CreateProjectBody,
  FILE_WORKFLOW_AUDIT_ACTIONS,
  type Project,
  type ProjectList,
  type UpdateProjectBody,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { requireFileAccess } from '../site-files/file-access.ts';
import { authorize } from '../sites/access.ts';
import { findVisibleSite } from '../sites/sites.repository.ts';
import {
  findProject,
  insertProject,
  listProjects,
  projectNameTaken,
  setFileProjectRow,
  updateProjectRow,
} from './projects.repository.ts';

/**
 * Projects (issue 27 item 5, decision 58): a site's engagements ("2025 Personal Tax"), open or closed, which staff
 * create, rename, close and reopen (`projects.manage`); a file belongs to at most one open project of its own site,
 * set by staff on any file and by a member client where the site has `internalFileSetProject` (`files.setProject`).
 */

export const projectNotFound = () =>
  new AppError('projects.not_found', 'There is no such project in this file’s site.');

const nameTaken = (name: string) =>
  new AppError('name.taken', `This site already has a project called “${name}”.`);

const trimmed = (name: string) => {
  const wanted = name.trim();
  if (!wanted) throw new AppError('request.invalid', 'A project needs a name.');
  return wanted;
};

/** The projects of a site the caller sees (else 404 `sites.not_found`). */
export async function getProjects(db: Database, caller: Caller, siteId: string): Promise<ProjectList> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    await findVisibleSite(tx, caller, siteId);
    return { records: await listProjects(tx, caller.tenantCode, siteId) };
  });
}

/** A new open project of a site (staff). */
export async function createProject(db: Database, caller: Caller, body: CreateProjectBody): Promise<Project> {
  authorize(caller, 'projects.manage');
  const name = trimmed(body.name);
  return db.withTenant(caller.tenantCode, async (tx) => {
    const site = await findVisibleSite(tx, caller, body.siteId);
    const created = await insertProject(tx, caller.tenantCode, site.id, name, caller.user.id);
    if (!created) throw nameTaken(name);
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: site.id,
        userId: caller.user.id,
        action: FILE_WORKFLOW_AUDIT_ACTIONS.projectCreate,
        detail: { projectId: created.id, name },
      },
    ]);
    return created;
  });
}

/** Renames a project, or closes or reopens it (staff). */
export async function updateProject(
  db: Database,
  caller: Caller,
  id: string,
  body: UpdateProjectBody,
): Promise<Project> {
  authorize(caller, 'projects.manage');
  const name = body.name === undefined ? undefined : trimmed(body.name);
  return db.withTenant(caller.tenantCode, async (tx) => {
    const before = await findProject(tx, caller.tenantCode, id);
    if (!before) throw new AppError('projects.not_found', 'There is no such project.');
    if (name !== undefined && (await projectNameTaken(tx, caller.tenantCode, before.siteId, name, id))) {
      throw nameTaken(name);
    }
    const after = (await updateProjectRow(tx, caller.tenantCode, id, { name, status: body.status }))!;
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: after.siteId,
        userId: caller.user.id,
        action: FILE_WORKFLOW_AUDIT_ACTIONS.projectUpdate,
        detail: {
          projectId: id,
          ...(name !== undefined && name !== before.name ? { name, from: before.name } : {}),
          ...(body.status && body.status !== before.status ? { status: body.status } : {}),
        },
      },
    ]);
    return after;
  });
}

/**
 * Puts a file in a project, or with null takes it out: `PUT files/{id}/project`. The project must be one of the
 * file's own site (another site's or tenant's is 404 `projects.not_found`) and open (409 `project.closed`).
 */
export async function setFileProject(
  db: Database,
  caller: Caller,
  fileId: string,
  projectId: string | null,
): Promise<void> {
  await db.withTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.setProject', fileId, { lock: true });
    const project =
      projectId === null ? null : await findProject(tx, caller.tenantCode, projectId, file.siteId);
    if (projectId !== null && !project) throw projectNotFound();
    if (project?.status === 'closed') {
      throw new AppError(
        'project.closed',
        `The project “${project.name}” is closed: it takes no more files.`,
      );
    }
    const before = await setFileProjectRow(tx, caller.tenantCode, file.id, project?.id ?? null);
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: file.siteId,
        userId: caller.user.id,
        action: FILE_WORKFLOW_AUDIT_ACTIONS.project,
        fileId: file.id,
        detail: { projectId: project?.id ?? null, name: project?.name ?? null, from: before },
      },
    ]);
  });
}
