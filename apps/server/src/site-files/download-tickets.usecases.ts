import { createHash, randomBytes } from 'node:crypto';
import type { DownloadTicket, DownloadTicketBody } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { sweepJob } from '../db/periodic-jobs.ts';
import { AppError } from '../http/app-error.ts';
import { may } from '../sites/access.ts';
import { callerOfUser } from '../sites/callers.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { storedZipBody } from '../transfers/zip.ts';
import {
  type DownloadTicketRow,
  deleteTicketsExpiredBefore,
  findDownloadTicket,
  insertDownloadTicket,
} from './download-tickets.repository.ts';
import { type FileDirection, fileNotFound } from './file-access.ts';
import { type FileLookup, filesOf, zipFiles } from './file-transfer.ts';

/** Where a list's tickets lead: its path relative to the service's base address, and its zips' title. */
export interface TicketTarget {
  direction: FileDirection;
  /** `api/files/published-files`: a file is fetched at `{listPath}/{id}/download/{ticket}`, a zip at `{listPath}/zip/{ticket}`. */
  listPath: string;
  zipTitle: string;
  /** Issued through the staff's routes. */
  staff: boolean;
}

/** The secret is only ever in the URL handed to its user; the database keeps its SHA-256. */
const newSecret = () => `dt_${randomBytes(32).toString('base64url')}`;
const hashOf = (secret: string) => createHash('sha256').update(secret).digest();

/**
 * A ticket for one file or a zip of several, for the caller: the files are checked as a download checks them (404
 * `files.not_found`, 403 `settings.forbidden`) and their ids kept in order, with an expiry `lifetimeSeconds` ahead.
 */
export async function issueDownloadTicket(
  deps: { db: Database; blobs: BlobStore },
  lookup: FileLookup,
  target: TicketTarget,
  body: DownloadTicketBody,
  lifetimeSeconds: number,
): Promise<DownloadTicket> {
  const ids = [...new Set(body.fileIds.map((id) => id.toLowerCase()))];
  const zip = body.zip ?? false;
  if (!zip && ids.length !== 1)
    throw new AppError('request.invalid', 'A ticket is for one file, or for several with `zip: true`.');
  const { caller } = lookup;
  const secret = newSecret();
  const zipName = zip ? `${target.zipTitle} ${new Date().toISOString().slice(0, 10)}.zip` : null;
  const { size, expiresAt } = await deps.db.withTenant(caller.tenantCode, async (tx) => {
    const files = zipName ? await zipFiles(tx, lookup, ids) : await lookup.find(tx, ids);
    const size = zipName
      ? storedZipBody(deps.blobs, files, zipName, new Map(), () => {}).size
      : files[0]!.size;
    const expiresAt = await insertDownloadTicket(
      tx,
      hashOf(secret),
      {
        tenantCode: caller.tenantCode,
        userId: caller.user.id,
        direction: target.direction,
        kind: zip ? 'zip' : 'file',
        fileIds: ids,
        staff: target.staff,
        zipName,
      },
      lifetimeSeconds,
    );
    return { size, expiresAt };
  });
  const url = zip ? `${target.listPath}/zip/${secret}` : `${target.listPath}/${ids[0]}/download/${secret}`;
  return { url, expiresAt: expiresAt.toISOString(), size };
}

const ticketNotFound = () =>
  new AppError(
    'downloads.ticket_not_found',
    'This download link is not valid here. Start the download again.',
  );

/** What a ticket's GET names: the list it is under, and the file of the path for a single file. */
export interface TicketRequest {
  tenantCode: string;
  secret: string;
  direction: FileDirection;
  /** The file id of the path; undefined for a zip. */
  fileId?: string;
  /** The caller of a GET that carries a bearer token as well: it must be the ticket's user. */
  bearer?: Caller | undefined;
}

/**
 * The ticket of a GET, checked against the request (tenant, list, kind, file, caller) and its expiry, with the
 * files its user may take out of it now: their roles are read again, and the lookup checks every file again.
 */
export async function redeemDownloadTicket(
  db: Database,
  request: TicketRequest,
): Promise<{ ticket: DownloadTicketRow; lookup: FileLookup }> {
  return db.readTenant(request.tenantCode, async (tx) => {
    const ticket = await findDownloadTicket(tx, hashOf(request.secret));
    if (
      !ticket ||
      ticket.direction !== request.direction ||
      ticket.kind !== (request.fileId ? 'file' : 'zip') ||
      (request.fileId && ticket.fileIds[0] !== request.fileId.toLowerCase()) ||
      (request.bearer && request.bearer.user.id !== ticket.userId)
    )
      throw ticketNotFound();
    if (ticket.expired)
      throw new AppError(
        'downloads.ticket_expired',
        'This download link has expired. Start the download again.',
      );
    const caller = await callerOfUser(tx, request.tenantCode, ticket.userId);
    if (!caller || (ticket.staff && !may(caller, 'files.anyOfTenant'))) throw fileNotFound();
    return { ticket, lookup: filesOf(caller, ticket.direction, ticket.staff) };
  });
}

/** Tickets are kept an hour past their expiry (a late GET is told it expired rather than unknown), then removed. */
const KEPT_AFTER_EXPIRY_MS = 60 * 60_000;

/** Sweeps expired tickets every ten minutes, once per period across all processes (db/periodic-jobs.ts). */
export const downloadTicketSweepJob = sweepJob(
  'download-ticket-sweep',
  10 * 60_000,
  'expired download tickets',
  (db) => deleteTicketsExpiredBefore(db, new Date(Date.now() - KEPT_AFTER_EXPIRY_MS)),
);
