import type { Queryable } from '../db/database.ts';

/** The rows of client publishing (decision 60): one file of a tenant, in that tenant's transaction. */

/** Who published the file to its site when a client did (else null), as the row holds it. */
export async function findPublisher(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
): Promise<string | null> {
  const { rows } = await tx.query<{ published_by: string | null }>(
    'SELECT published_by FROM files WHERE tenant_code = $1 AND id = $2',
    [tenantCode, fileId],
  );
  return rows[0]?.published_by ?? null;
}

/**
 * A submitted file becomes a published one of the same site, id, folder, versions, history and tags, published by
 * `userId` now. Its review status stays in `status`; its review note waits in `review_note_while_published`. The
 * counters of migration 0005 follow the direction (their update trigger).
 */
export async function markClientPublished(tx: Queryable, tenantCode: string, fileId: string, userId: string) {
  await tx.query(
    `UPDATE files SET direction = 'published', published_by = $3, client_published_at = now(),
                      review_note_while_published = status_note, status_note = NULL
     WHERE tenant_code = $1 AND id = $2 AND direction = 'submitted'`,
    [tenantCode, fileId, userId],
  );
}

/** Back to a submitted file, its review status and note as they were when it was published. */
export async function markReturnedToSubmitted(tx: Queryable, tenantCode: string, fileId: string) {
  await tx.query(
    `UPDATE files SET direction = 'submitted', published_by = NULL, client_published_at = NULL,
                      status_note = review_note_while_published, review_note_while_published = NULL
     WHERE tenant_code = $1 AND id = $2 AND direction = 'published'`,
    [tenantCode, fileId],
  );
}
