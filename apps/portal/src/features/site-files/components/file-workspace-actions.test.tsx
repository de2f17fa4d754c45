import {
  DEFAULT_FILE_AREA_SETTINGS,
  type FileAreaSettings,
  type FileProperties,
  type PublishedFile,
  type Site,
  UNCLASSIFIED_PUBLISHED,
} from '@portico/contracts';
import { createTestStore, DefaultBranding, signIn } from '@portico/web-shell/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { portalDescriptor } from '../../../app/portal-descriptor.tsx';
import { PublishedFilesPage } from './site-files-page.tsx';

/**
 * Check-out, the lock mark and the Details dialog on Published Files (issue 26): each shown by its flag, "Check
 * in" only on the caller's own check-out, both in the row's "More" dialog (decision 86), the dialog's tabs by
 * keyboard.
 */

const SITE = '6f1b5c3e-8a4d-4b5e-9f7a-2c3d4e5f6a7b';
const ME = '11111111-2222-4333-8444-555555555555';
const OTHER = '99999999-2222-4333-8444-555555555555';
const BASE: FileAreaSettings = { ...DEFAULT_FILE_AREA_SETTINGS, portalFilesView: true };
const ALL: FileAreaSettings = {
  ...BASE,
  internalFilesCheckinCheckout: true,
  internalFilesHistory: true,
  internalFilesViewProperties: true,
  internalFilesViewCheckoutHistory: true,
};
const file = (n: number, checkedOutBy: PublishedFile['checkedOutBy']): PublishedFile => ({
  id: `0b6a3c1e-2d4f-4a5b-8c7d-${String(n).padStart(12, '0')}`,
  siteId: SITE,
  title: `Letter ${n}`,
  fileName: `letter-${n}.pdf`,
  contentType: 'application/pdf',
  size: 1000,
  createdAt: '2026-03-04T10:00:00.000Z',
  folderId: null,
  ...UNCLASSIFIED_PUBLISHED,
  version: 1,
  checkedOutBy,
  isNew: false,
});
const UNTIL = '2026-11-28T17:05:00.000Z';

let settings = ALL;
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  settings = ALL;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/api/sites')) {
      const site: Site = { id: SITE, name: 'Bakery', reference: 'ACME-1001', fileAreaSettings: settings };
      return Response.json({ records: [site], totalRecordCount: 1 });
    }
    if (path.endsWith('/api/users/me'))
      return Response.json({ id: ME, name: 'Bob Baker', email: 'b@x.test' });
    if (path.endsWith('/record-count'))
      return Response.json({
        siteId: SITE,
        publishedFileCount: 3,
        submittedFileCount: 0,
        totalRecordCount: 3,
      });
    if (path.endsWith('/published-files/new-count')) return Response.json({ count: 0 });
    if (path.endsWith('/published-files')) {
      const records = [
        file(1, null),
        file(2, { name: 'Bob Baker', userId: ME, until: UNTIL }),
        file(3, { name: 'Carol Chen', userId: OTHER, until: UNTIL }),
      ];
      return Response.json({ records, totalRecordCount: records.length });
    }
    if (path.endsWith('/properties')) {
      const properties: FileProperties = {
        ...file(1, null),
        direction: 'published',
        folder: {
          id: 'f0000000-0000-4000-8000-000000000001',
          path: [{ id: 'f0000000-0000-4000-8000-000000000001', name: '2025' }],
        },
        sha256: 'a'.repeat(64),
        uploadedBy: { name: 'Carol Chen' },
        uploadedAt: '2026-03-04T10:00:00.000Z',
        versionBy: { name: 'Carol Chen' },
        versionAt: '2026-03-04T10:00:00.000Z',
      };
      return Response.json(properties);
    }
    if (path.endsWith('/history'))
      return Response.json({
        records: [
          {
            id: '2',
            occurredAt: '2026-03-05T09:00:00.000Z',
            action: 'file.download',
            label: 'Downloaded',
            by: { name: 'Bob Baker' },
          },
          {
            id: '1',
            occurredAt: '2026-03-04T10:00:00.000Z',
            action: 'file.publish',
            label: 'Published',
            by: { name: 'Carol Chen' },
          },
        ],
        totalRecordCount: 2,
      });
    return Response.json({ error: { code: 'request.not_found', message: 'no' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no modal dialogs: opening one marks it open.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const { store } = createTestStore(undefined, portalDescriptor.slices);
  signIn(store, { services: ['portal', 'file-management', 'file-storage', 'user'], siteId: SITE });
  const router = createMemoryRouter([{ path: '*', element: <PublishedFilesPage /> }]);
  // The page's filters turn into antd's controls after 2.5 s, which read the branding.
  return render(
    <Provider store={store}>
      <DefaultBranding>
        <RouterProvider router={router} />
      </DefaultBranding>
    </Provider>,
  );
}

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;

/** The commands of a row's "More" dialog, opened and closed again (Cancel). */
async function moreCommands(user: ReturnType<typeof userEvent.setup>, row: HTMLElement, title: string) {
  await user.click(within(row).getByRole('button', { name: `More actions for ${title}` }));
  const dialog = await screen.findByRole('dialog');
  const choices = within(dialog)
    .getAllByRole('button')
    .map((button) => button.textContent)
    .filter((text) => text !== 'Cancel');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  return choices;
}

describe('the workspace actions of a file row', () => {
  test('More offers Check out on a free file, Check in on mine, neither on someone else’s; the lock says who and until', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByTestId('published-files-table');
    await within(table).findByText('Letter 1');
    const mine = await rowOf('Letter 2');
    expect(await within(mine).findByTestId('file-lock')).toHaveTextContent(
      'Checked out by you until 2026-11-28 17:05',
    );
    // Check-out and Details are More's: the row itself carries no button for them.
    expect(
      within(mine)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['More actions for Letter 2']);
    expect(await moreCommands(user, mine, 'Letter 2')).toEqual(['Check in', 'Details']);
    const free = await rowOf('Letter 1');
    expect(within(free).queryByTestId('file-lock')).toBeNull();
    expect(await moreCommands(user, free, 'Letter 1')).toEqual(['Check out', 'Details']);
    const theirs = await rowOf('Letter 3');
    expect(within(theirs).getByTestId('file-lock')).toHaveTextContent(
      'Checked out by Carol Chen until 2026-11-28 17:05',
    );
    expect(await moreCommands(user, theirs, 'Letter 3')).toEqual(['Details']);
  });

  test("while a check-out chosen in More runs, the row's More button spins; it is back once the lock is taken", async () => {
    let answer: (response: Response) => void = () => {};
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((request) =>
      request.method === 'POST' && new URL(request.url).pathname.endsWith('/checkout')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : base(request),
    );
    const user = userEvent.setup();
    renderPage();
    const free = await rowOf('Letter 1');
    const more = within(free).getByRole('button', { name: 'More actions for Letter 1' });
    expect(more).not.toHaveAttribute('aria-busy');
    await user.click(more);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Check out' }));
    await vi.waitFor(() => expect(more).toHaveAttribute('aria-busy', 'true'));
    // Only the row being checked out waits.
    expect(
      within(await rowOf('Letter 2')).getByRole('button', { name: 'More actions for Letter 2' }),
    ).not.toHaveAttribute('aria-busy');
    answer(Response.json({ checkedOutBy: { name: 'Bob Baker', userId: ME, until: UNTIL } }));
    await vi.waitFor(() => expect(more).not.toHaveAttribute('aria-busy'));
  });

  test('with the flags off there is no check-out and no Details, but the lock still shows', async () => {
    settings = BASE;
    renderPage();
    const theirs = await rowOf('Letter 3');
    expect(within(theirs).getByTestId('file-lock')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Check (in|out)|Details|More actions/ })).toBeNull();
  });

  test('Details opens Properties; the arrow key moves to History', async () => {
    settings = { ...ALL, internalFilesViewCheckoutHistory: false };
    const user = userEvent.setup();
    renderPage();
    const free = await rowOf('Letter 1');
    await user.click(within(free).getByRole('button', { name: 'More actions for Letter 1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByTestId('file-details');
    // Found once the dialog is shown (`showModal` runs in an effect, after the dialog is in the document).
    expect((await within(dialog).findAllByRole('tab')).map((t) => t.textContent)).toEqual([
      'Properties',
      'History',
    ]);
    expect(await within(dialog).findByText('/ 2025')).toBeInTheDocument();
    expect(within(dialog).getByText('a'.repeat(64))).toBeInTheDocument();
    within(dialog).getByRole('tab', { name: 'Properties' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    const history = await within(dialog).findByTestId('file-history');
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')!.textContent),
    ).toEqual(['Downloaded', 'Published']);
  });
});
