import type { Database, Queryable } from '../db/database.ts';
import type { FileDirection } from './file-access.ts';

/** A download ticket as stored: everything but its secret, of which only the SHA-256 is kept. */
export interface DownloadTicketRow {
  tenantCode: string;
  userId: string;
  direction: FileDirection;
  kind: 'file' | 'zip';
  fileIds: string[];
  /** Issued through the staff's routes: the staff's rules apply, and the holder must still be staff. */
  staff: boolean;
  zipName: string | null;
  /** Judged by the database's clock, the one clock every server shares. */
  expired: boolean;
}

export async function insertDownloadTicket(
  tx: Queryable,
  secretSha256: Buffer,
  ticket: Omit<DownloadTicketRow, 'expired'>,
  lifetimeSeconds: number,
): Promise<Date> {
  const { rows } = await tx.query<{ expires_at: Date | string }>(
    `INSERT INTO download_tickets
       (secret_sha256, tenant_code, user_id, direction, kind, file_ids, staff, zip_name, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, now() + make_interval(secs => $9))
     RETURNING expires_at`,
    [
      secretSha256,
      ticket.tenantCode,
      ticket.userId,
      ticket.direction,
      ticket.kind,
      ticket.fileIds,
      ticket.staff,
      ticket.zipName,
      lifetimeSeconds,
    ],
  );
  return new Date(rows[0]!.expires_at);
}

interface TicketRecord {
  tenant_code: string;
  user_id: string;
  direction: FileDirection;
  kind: 'file' | 'zip';
  file_ids: string[];
  staff: boolean;
  zip_name: string | null;
  expired: boolean;
}

/** The ticket with this secret's hash in the bound tenant (row-level security hides every other tenant's). */
export async function findDownloadTicket(
  tx: Queryable,
  secretSha256: Buffer,
): Promise<DownloadTicketRow | undefined> {
  const { rows } = await tx.query<TicketRecord>(
    `SELECT tenant_code, user_id, direction, kind, file_ids, staff, zip_name, expires_at <= now() AS expired
     FROM download_tickets WHERE secret_sha256 = $1`,
    [secretSha256],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    tenantCode: row.tenant_code,
    userId: row.user_id,
    direction: row.direction,
    kind: row.kind,
    fileIds: row.file_ids,
    staff: row.staff,
    zipName: row.zip_name,
    expired: row.expired,
  };
}

/** Removes, across tenants, the tickets that expired before `before`. Answers how many. */
export async function deleteTicketsExpiredBefore(db: Database, before: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM download_tickets WHERE expires_at < $1 RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [before],
  );
  return rows[0]?.n ?? 0;
}

/** The CRC-32s known of these files, by file id. */
export async function readCrc32s(tx: Queryable, fileIds: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ file_id: string; crc32: number | string }>(
    'SELECT file_id, crc32 FROM file_crc32s WHERE file_id = ANY($1::uuid[])',
    [fileIds],
  );
  return new Map(rows.map((r) => [r.file_id, Number(r.crc32)]));
}

/** Keeps CRC-32s a zip computed; a file deleted meanwhile, or one already known, is skipped. */
export async function saveCrc32s(
  db: Database,
  tenantCode: string,
  crcs: ReadonlyMap<string, number>,
): Promise<void> {
  if (!crcs.size) return;
  await db.withTenant(tenantCode, (tx) =>
    tx.query(
      `INSERT INTO file_crc32s (tenant_code, file_id, crc32)
       SELECT $1, f.id, c.crc32 FROM unnest($2::uuid[], $3::bigint[]) AS c (file_id, crc32)
       JOIN files f ON f.tenant_code = $1 AND f.id = c.file_id
       ON CONFLICT (file_id) DO NOTHING`,
      [tenantCode, [...crcs.keys()], [...crcs.values()]],
    ),
  );
}
