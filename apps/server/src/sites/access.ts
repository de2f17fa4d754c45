import type { FileAreaSettingKey, FileAreaSettings, Site } from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller.ts';
import { callerOf } from '../auth/current-user.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { SiteSettingsCache } from './site-settings-cache.ts';
import { findVisibleSite } from './sites.repository.ts';

/**
 * The access vocabulary (docs/access.md): every "may this caller do this to that" of the server is one call,
 * `requireAccess(tx, caller, action, target)` (or `authorize` once the site is in hand), with `action` a row of
 * `ACCESS_ACTIONS`. The rule, written once:
 *
 * - a staff-only action: the firm's staff may, anybody else gets 403 `auth.staff_only`;
 * - an action on a site's files: the firm's staff may; a client may when they are a member of the site, the site
 *   is not archived (else 404: `findVisibleSite`, which tells nothing of why), and every flag of the action is on
 *   in the site's fileAreaSettings (tenant default, then the site's override), else 403 `settings.forbidden`.
 *
 * The firm's staff run the site (they publish to it and review what arrives) and are not bound by the flags: a
 * site closed to client uploads must still take the firm's files. Archived sites are out of the clients' reach
 * and of the staff's client-side routes alike; the staff console's own routes reach them (`files.anyOfTenant`).
 */

/** A flag an action needs, and what the refusal says when it is off. */
interface FlagStep {
  flag: FileAreaSettingKey;
  refusal: string;
}

/** An action on a site's files: the flags it needs, in the order they are checked. */
export interface SiteAction {
  kind: 'site';
  steps: readonly FlagStep[];
  /** False while no route does it yet: the row names what the flag will gate, so the next issues only fill it in. */
  built: boolean;
}

/** An action of the firm's console: staff of the tenant only. */
export interface StaffAction {
  kind: 'staff';
}

const step = (flag: FileAreaSettingKey, refusal: string): FlagStep => ({ flag, refusal });
/** `portalFilesView` shows a site's files to its clients at all: every action on one file needs it first. */
const FILES_SHOWN = step('portalFilesView', 'Files are not shown for this site (portalFilesView is off).');
const site = (steps: FlagStep[]): SiteAction => ({ kind: 'site', steps, built: true });
/** `fileAreaFolderStructure`: clients see the site's folders, open them and create their own (decision 47). */
const FOLDERS_ON = step(
  'fileAreaFolderStructure',
  'Folders are turned off for this site (fileAreaFolderStructure).',
);
/** An action the flag will gate once it is built; its refusal names the flag as today's do. */
const planned = (flag: FileAreaSettingKey, what: string): SiteAction => ({
  kind: 'site',
  steps: [FILES_SHOWN, step(flag, `${what} is turned off for this site (${flag}).`)],
  built: false,
});
/** A planned action once a route does it: the same flags and refusal. */
const built = (action: SiteAction): SiteAction => ({ ...action, built: true });
const staff: StaffAction = { kind: 'staff' };

/** Every named action and what it needs: the one table (docs/access.md lists it by flag). */
export const ACCESS_ACTIONS = {
  // What clients do today, each behind its flags.
  'publishedFiles.list': site([
    step('portalFilesView', 'Published files are not shown for this site (portalFilesView).'),
  ]),
  'submittedFiles.list': site([FILES_SHOWN]),
  'files.download': site([
    FILES_SHOWN,
    step('internalFilesDownload', 'Downloads are turned off for this site (internalFilesDownload).'),
  ]),
  'files.preview': site([
    FILES_SHOWN,
    step('internalFilesView', 'Previews are turned off for this site (internalFilesView).'),
  ]),
  'files.upload': site([
    step('internalFilesUpload', 'Uploads are turned off for this site (internalFilesUpload).'),
  ]),
  'uploads.discard': site([
    step('internalFilesDelete', 'Removing files is turned off for this site (internalFilesDelete).'),
  ]),
  // Issue 27 items 6 and 7 (decision 52). Mailing a file hands it out: it needs the download flag as well.
  'files.uploadFromUrl': site([
    step('internalFilesUpload', 'Uploads are turned off for this site (internalFilesUpload).'),
    step('urlFileUpload', 'Uploading from a link is turned off for this site (urlFileUpload).'),
  ]),
  'files.email': site([
    FILES_SHOWN,
    step('internalFilesDownload', 'Downloads are turned off for this site (internalFilesDownload).'),
    step('internalFilesEmail', 'Sending files by mail is turned off for this site (internalFilesEmail).'),
  ]),

  // What the other flags will gate: named now, built by the file-workspace issues.
  'files.setStatus': built(planned('internalFileStatusUpdate', 'Changing a file’s status')),
  'files.setAssignee': built(planned('internalFileSetAssignee', 'Setting a file’s assignee')),
  'files.setProject': built(planned('internalFileSetProject', 'Setting a file’s project')),
  'files.checkout': built(planned('internalFilesCheckinCheckout', 'Checking files out and in')),
  'files.recategorize': built(planned('internalFilesRecategorize', 'Recategorizing files')),
  'folders.list': site([FILES_SHOWN, FOLDERS_ON]),
  'folders.create': site([FILES_SHOWN, FOLDERS_ON]),
  'files.subscribe': built(planned('fileAreaManageEmailSubscription', 'Managing mail subscriptions')),
  'files.tag': built(planned('fileAreaManageTags', 'Managing tags')),
  'files.assign': built(planned('internalFilesAssign', 'Assigning files')),
  'files.copy': built(planned('internalFilesCopy', 'Copying files')),
  'files.delete': built(planned('internalFilesDelete', 'Removing files')),
  'files.history': built(planned('internalFilesHistory', 'A file’s history')),
  'files.move': built(planned('internalFilesMove', 'Moving files')),
  'files.rename': built(planned('internalFilesRename', 'Renaming files')),
  'files.update': built(planned('internalFilesUpdate', 'Replacing a file’s content')),
  'files.assignmentHistory': built(
    planned('internalFilesViewAssignmentHistory', 'A file’s assignment history'),
  ),
  'files.checkoutHistory': built(planned('internalFilesViewCheckoutHistory', 'A file’s check-out history')),
  'files.properties': built(planned('internalFilesViewProperties', 'A file’s properties')),
  'files.versionHistory': built(planned('internalFilesViewVersionHistory', 'A file’s version history')),
  'files.publish': built(planned('internalFilesPublishUnPublish', 'Publishing and unpublishing files')),

  // The firm's console: staff of the tenant only, whatever the flags.
  'console.use': staff,
  /** Any live file of the tenant, archived sites included, whatever the clients' settings. */
  'files.anyOfTenant': staff,
  /** Any document request of the tenant, archived sites included. */
  'requests.anyOfTenant': staff,
  /** Renaming, moving and deleting a site's folders (decision 47); creating one is `folders.create`. */
  'folders.manage': staff,
  /** The tenant's lists a file is classified by (decision 54): statuses, tags (renaming, deleting), categories, projects. */
  'statuses.manage': staff,
  'tags.manage': staff,
  'categories.manage': staff,
  'projects.manage': staff,
} as const satisfies Record<string, SiteAction | StaffAction>;

export type AccessAction = keyof typeof ACCESS_ACTIONS;
type ActionsOf<Kind> = {
  [A in AccessAction]: (typeof ACCESS_ACTIONS)[A] extends { kind: Kind } ? A : never;
}[AccessAction];
export type SiteAccessAction = ActionsOf<'site'>;
export type StaffAccessAction = ActionsOf<'staff'>;

export type { Caller };

const STAFF_ONLY_MESSAGE =
  "This is the firm's console: only the firm's staff may use it. Clients use the portal.";

/** The settings' verdict for a client, or undefined when the action is allowed. */
function refusalOf(caller: Caller, action: AccessAction, settings?: FileAreaSettings): AppError | undefined {
  const rule: SiteAction | StaffAction = ACCESS_ACTIONS[action];
  if (caller.user.isStaff) return undefined;
  if (rule.kind === 'staff') return new AppError('auth.staff_only', STAFF_ONLY_MESSAGE);
  const off = rule.steps.find((s) => !settings?.[s.flag]);
  return off && new AppError('settings.forbidden', off.refusal);
}

/** Whether `caller` may do `action` to a site they see (its settings as given): the rule, as a yes or no. */
export const may = (caller: Caller, action: AccessAction, site?: Pick<Site, 'fileAreaSettings'>) =>
  refusalOf(caller, action, site?.fileAreaSettings) === undefined;

/** The rule, once a site the caller sees is in hand (or for a staff-only action, with none): throws if refused. */
export function authorize(
  caller: Caller,
  action: StaffAccessAction | SiteAccessAction,
  site?: Pick<Site, 'fileAreaSettings'>,
): void {
  const refusal = refusalOf(caller, action, site?.fileAreaSettings);
  if (refusal) throw refusal;
}

/**
 * What an action is done to: a site by id (not one the caller sees: 404 `sites.not_found`), or a site the caller
 * is already known to see (a guarded query found its rows: `visibleSiteGuard`) whose settings the cache has.
 */
export type AccessTarget = { siteId: string } | { visibleSiteId: string; settings: SiteSettingsCache };

/**
 * The one access check: `caller` may do `action` to `target`, or this throws what the rule says (404 for a site
 * they do not see, 403 `settings.forbidden` for a flag that is off, 403 `auth.staff_only`). Answers the site when
 * it was looked up by id. Runs inside the caller's tenant transaction.
 */
export async function requireAccess(
  tx: Queryable,
  caller: Caller,
  action: SiteAccessAction,
  target: { siteId: string },
): Promise<Site>;
export async function requireAccess(
  tx: Queryable,
  caller: Caller,
  action: SiteAccessAction,
  target: AccessTarget,
): Promise<Site | undefined>;
export async function requireAccess(
  tx: Queryable,
  caller: Caller,
  action: SiteAccessAction,
  target: AccessTarget,
): Promise<Site | undefined> {
  if ('siteId' in target) {
    const site = await findVisibleSite(tx, caller, target.siteId);
    authorize(caller, action, site);
    return site;
  }
  // The firm's staff are not bound by the flags, so theirs are not read.
  if (caller.user.isStaff) return undefined;
  const fileAreaSettings = await target.settings.settingsOf(tx, caller.tenantCode, target.visibleSiteId);
  authorize(caller, action, { fileAreaSettings });
  return undefined;
}

/**
 * onRequest hook of the staff console's routes, after the tenant guard and `resolveCallerOnRequest`: only staff of the
 * path's tenant get through, before any body is read or validated. Roles come from the database on every
 * request, so removing someone from the staff takes effect at their next call, whatever their token says.
 */
export async function requireStaff(request: FastifyRequest) {
  authorize(callerOf(request), 'console.use');
}

/** The caller of a staff route; fails closed if the route was mounted without `requireStaff`. */
export function staffCallerOf(request: FastifyRequest): Caller {
  const caller = callerOf(request);
  authorize(caller, 'console.use');
  return caller;
}

/**
 * What the documentation of a route on one file says about who may call it: the rule, with the action's flags.
 */
export function fileActionNote(action: SiteAccessAction): string {
  const flags = ACCESS_ACTIONS[action].steps.map((s) => `\`${s.flag}\``).join(' and ');
  return (
    ` Staff of the firm may; a client when a member of the file’s site with ${flags} on, else 403 ` +
    '`settings.forbidden`. A file the caller may not see answers 404 `files.not_found`.'
  );
}

/** What every staff route's documentation says about who may call it. */
export const STAFF_ONLY_NOTE =
  ' Staff of the tenant only: a client gets 403 `auth.staff_only`, a token without the tenant 403 ' +
  '`auth.tenant_forbidden`.';
