import type { Project, ProjectStatus } from '@portico/contracts';
import type { Queryable } from '../db/database.ts';

/** A site's projects (decision 54) and a file's project: the only SQL over them. */

interface ProjectRow {
  id: string;
  site_id: string;
  name: string;
  status: ProjectStatus;
}

const toProject = (r: ProjectRow): Project => ({
  id: r.id,
  siteId: r.site_id,
  name: r.name,
  status: r.status,
});

/** A site's projects: the open ones first, then by name. */
export async function listProjects(tx: Queryable, tenantCode: string, siteId: string): Promise<Project[]> {
  const { rows } = await tx.query<ProjectRow>(
    `SELECT id, site_id, name, status FROM projects WHERE tenant_code = $1 AND site_id = $2::uuid
     ORDER BY status = 'closed', lower(name), id`,
    [tenantCode, siteId],
  );
  return rows.map(toProject);
}

/** One project of the tenant (of `siteId` when given), or undefined. */
export async function findProject(
  tx: Queryable,
  tenantCode: string,
  id: string,
  siteId?: string,
): Promise<Project | undefined> {
  const { rows } = await tx.query<ProjectRow>(
    `SELECT id, site_id, name, status FROM projects
     WHERE tenant_code = $1 AND id = $2::uuid AND ($3::uuid IS NULL OR site_id = $3::uuid)
     FOR UPDATE`,
    [tenantCode, id, siteId ?? null],
  );
  return rows[0] && toProject(rows[0]);
}

/** Whether another project of the site has this name, ignoring case. */
export async function projectNameTaken(
  tx: Queryable,
  tenantCode: string,
  siteId: string,
  name: string,
  except: string | null,
): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM projects
     WHERE tenant_code = $1 AND site_id = $2::uuid AND lower(name) = lower($3)
       AND ($4::uuid IS NULL OR id <> $4::uuid)`,
    [tenantCode, siteId, name, except],
  );
  return rows.length > 0;
}

/** A new open project of the site; undefined if the name was taken meanwhile. */
export async function insertProject(
  tx: Queryable,
  tenantCode: string,
  siteId: string,
  name: string,
  createdBy: string,
): Promise<Project | undefined> {
  const { rows } = await tx.query<ProjectRow>(
    `INSERT INTO projects (tenant_code, site_id, name, created_by) VALUES ($1, $2::uuid, $3, $4::uuid)
     ON CONFLICT (tenant_code, site_id, lower(name)) DO NOTHING
     RETURNING id, site_id, name, status`,
    [tenantCode, siteId, name, createdBy],
  );
  return rows[0] && toProject(rows[0]);
}

/** Renames a project and/or opens or closes it; answers it as it is now. */
export async function updateProjectRow(
  tx: Queryable,
  tenantCode: string,
  id: string,
  change: { name?: string | undefined; status?: ProjectStatus | undefined },
): Promise<Project | undefined> {
  const { rows } = await tx.query<ProjectRow>(
    `UPDATE projects SET name = coalesce($3, name), status = coalesce($4, status)
     WHERE tenant_code = $1 AND id = $2::uuid
     RETURNING id, site_id, name, status`,
    [tenantCode, id, change.name ?? null, change.status ?? null],
  );
  return rows[0] && toProject(rows[0]);
}

/** Sets (or clears) one file's project; answers its project before. */
export async function setFileProjectRow(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
  projectId: string | null,
): Promise<string | null> {
  const { rows } = await tx.query<{ before: string | null }>(
    `UPDATE files f SET project_id = $3::uuid FROM files o
     WHERE f.tenant_code = $1 AND f.id = $2::uuid AND o.id = f.id
     RETURNING o.project_id AS before`,
    [tenantCode, fileId, projectId],
  );
  return rows[0]?.before ?? null;
}
