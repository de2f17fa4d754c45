import {
  DEFAULT_FILE_AREA_SETTINGS,
  type FileAreaSettings,
  type PublishedFile,
  type Site,
  UNCLASSIFIED_PUBLISHED,
} from '@portico/contracts';
import { createTestStore, DefaultBranding, signIn } from '@portico/web-shell/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PublishedFilesPage } from '../features/site-files/components/site-files-page.tsx';
import SubmittedFilesPage from '../features/site-files/components/submitted-files-page.tsx';
import { portalDescriptor } from './portal-descriptor.tsx';

const SITE = '6f1b5c3e-8a4d-4b5e-9f7a-2c3d4e5f6a7b';
const ALLOWED: FileAreaSettings = {
  ...DEFAULT_FILE_AREA_SETTINGS,
  portalFilesView: true,
  internalFilesDownload: true,
  internalFilesUpload: true,
  internalFilesDelete: true,
};
const file = (n: number, isNew: boolean): PublishedFile => ({
  id: `0b6a3c1e-2d4f-4a5b-8c7d-${String(n).padStart(12, '0')}`,
  siteId: SITE,
  title: `Letter ${n}`,
  fileName: `Letter ${n}.pdf`,
  contentType: 'application/pdf',
  size: 1_200_000,
  createdAt: '2026-03-04T10:00:00.000Z',
  folderId: null,
  ...UNCLASSIFIED_PUBLISHED,
  version: 1,
  checkedOutBy: null,
  isNew,
});

let settings = ALLOWED;
let published: PublishedFile[] = [];
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  settings = ALLOWED;
  published = [file(1, true), file(2, false)];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/api/sites')) {
      const site: Site = {
        id: SITE,
        name: "Bob's Bakery Ltd",
        reference: 'ACME-1001',
        fileAreaSettings: settings,
      };
      return Response.json({ records: [site], totalRecordCount: 1 });
    }
    if (path.endsWith('/record-count'))
      return Response.json({
        siteId: SITE,
        publishedFileCount: 2,
        submittedFileCount: 0,
        totalRecordCount: 2,
      });
    if (path.endsWith('/published-files/new-count'))
      return Response.json({ count: published.filter((f) => f.isNew).length });
    if (path.endsWith('/published-files'))
      return Response.json({ records: published, totalRecordCount: published.length });
    if (path.endsWith('/api/files/submitted')) return Response.json({ records: [], totalRecordCount: 0 });
    return Response.json({ error: { code: 'request.not_found', message: 'no' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(page: 'published' | 'submitted') {
  const { store } = createTestStore(undefined, portalDescriptor.slices);
  signIn(store, { services: ['portal', 'file-management', 'file-storage'], siteId: SITE });
  // A data router, as the app has: the uploader asks before leaving with a route blocker.
  const router = createMemoryRouter([
    { path: '*', element: page === 'published' ? <PublishedFilesPage /> : <SubmittedFilesPage /> },
  ]);
  // The page's filters turn into antd's controls after 2.5 s, which read the branding.
  return render(
    <Provider store={store}>
      <DefaultBranding>
        <RouterProvider router={router} />
      </DefaultBranding>
    </Provider>,
  );
}

describe('Published Files', () => {
  test('lists the files with a New tag, human sizes and YYYY-MM-DD dates, each with a download', async () => {
    renderPage('published');
    const table = await screen.findByTestId('published-files-table');
    const first = (await within(table).findByText('Letter 1')).closest('tr')!;
    expect(within(first).getByTestId('new-tag')).toHaveTextContent('New');
    expect(first).toHaveTextContent('1.2 MB');
    expect(first).toHaveTextContent('2026-03-04');
    expect(within(first).getByRole('button', { name: 'Download Letter 1' })).toBeInTheDocument();
    const second = within(table).getByText('Letter 2').closest('tr')!;
    expect(within(second).queryByTestId('new-tag')).toBeNull();
    expect(screen.getByTestId('download-zip')).toBeDisabled();
    expect(within(table).getByRole('checkbox', { name: 'Select Letter 1' })).toBeInTheDocument();
  });

  test('without internalFilesDownload there is no download and no zip; with no bulk action either, no selection', async () => {
    // Deleting is still allowed: the selection stays, for "Delete" of several files (issue 27 item 10).
    settings = { ...ALLOWED, internalFilesDownload: false };
    renderPage('published');
    let table = await screen.findByTestId('published-files-table');
    await within(table).findByText('Letter 1');
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(screen.queryByTestId('download-zip')).toBeNull();
    expect(within(table).getAllByRole('checkbox').length).toBeGreaterThan(0);
    cleanup();
    // Nothing to do with several files at once: no selection at all.
    settings = { ...ALLOWED, internalFilesDownload: false, internalFilesDelete: false };
    renderPage('published');
    table = await screen.findByTestId('published-files-table');
    await within(table).findByText('Letter 1');
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });

  test('with internalFilesView, PDFs and images offer a preview and other types do not', async () => {
    settings = { ...ALLOWED, internalFilesView: true };
    published = [
      file(1, true),
      { ...file(2, false), title: 'Logo', fileName: 'logo.png', contentType: 'image/png' },
      { ...file(3, false), title: 'Figures', fileName: 'figures.csv', contentType: 'text/csv' },
    ];
    renderPage('published');
    const table = await screen.findByTestId('published-files-table');
    await within(table).findByText('Letter 1');
    expect(within(table).getByRole('button', { name: 'Preview Letter 1' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Preview Logo' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Preview Figures' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Download Figures' })).toBeInTheDocument();
  });

  test('without internalFilesView there is no preview, even with downloads', async () => {
    renderPage('published');
    const table = await screen.findByTestId('published-files-table');
    await within(table).findByText('Letter 1');
    expect(within(table).getByRole('button', { name: 'Download Letter 1' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Preview/ })).toBeNull();
  });

  test('without portalFilesView the list is not even asked for', async () => {
    settings = { ...ALLOWED, portalFilesView: false };
    renderPage('published');
    expect(await screen.findByTestId('files-hidden')).toHaveTextContent('Files are not shown for this site');
    expect(fetchMock.mock.calls.some(([r]) => r.url.includes('/published-files'))).toBe(false);
  });

  test('offers only the file actions the site allows', async () => {
    settings = { ...ALLOWED, internalFilesRename: true, internalFilesCopy: true, internalFilesDelete: false };
    renderPage('published');
    const table = await screen.findByTestId('published-files-table');
    const row = (await within(table).findByText('Letter 1')).closest('tr')!;
    within(row).getByRole('button', { name: 'More actions for Letter 1' }).click();
    const dialog = await screen.findByTestId('file-actions-dialog');
    expect(
      within(dialog)
        .getAllByRole('button', { hidden: true }) // jsdom opens no modal <dialog>
        .map((b) => b.textContent),
    ).toEqual(['Rename', 'Copy', 'Cancel']);
  });

  test('without any of the four flags there is no More button', async () => {
    settings = { ...ALLOWED, internalFilesDelete: false };
    renderPage('published');
    const table = await screen.findByTestId('published-files-table');
    await within(table).findByText('Letter 1');
    expect(screen.queryByRole('button', { name: /More actions/ })).toBeNull();
  });

  test('an empty site says so in a sentence', async () => {
    published = [];
    renderPage('published');
    expect(await screen.findByTestId('files-empty')).toHaveTextContent(
      'Your firm has not published any files to this site yet.',
    );
  });
});

describe('E-mail on selected files (internalFilesEmail)', () => {
  test('with the flag, "E-mail" sends the selected files to the addresses typed', async () => {
    settings = { ...ALLOWED, internalFilesEmail: true };
    renderPage('published');
    const table = await screen.findByTestId('published-files-table');
    await within(table).findByText('Letter 1');
    expect(screen.getByTestId('email-files')).toBeDisabled();
    within(table).getByRole('checkbox', { name: 'Select Letter 1' }).click();
    const button = await screen.findByRole('button', { name: 'E-mail 1' });
    expect(button).toBeEnabled();
  });

  test('without the flag there is no E-mail', async () => {
    renderPage('published');
    const table = await screen.findByTestId('published-files-table');
    await within(table).findByText('Letter 1');
    expect(screen.queryByTestId('email-files')).toBeNull();
  });
});

describe('Submitted Files', () => {
  test('with urlFileUpload, "Upload from a link" is offered beside the uploader; without, it is not', async () => {
    settings = { ...ALLOWED, urlFileUpload: true };
    const { unmount } = renderPage('submitted');
    expect(await screen.findByTestId('url-upload')).toHaveTextContent('Upload from a link');
    unmount();
    settings = ALLOWED;
    renderPage('submitted');
    await screen.findByTestId('file-uploader');
    expect(screen.queryByTestId('url-upload')).toBeNull();
  });

  test('offers the uploader with Save when uploads are allowed', async () => {
    renderPage('submitted');
    expect(await screen.findByTestId('file-uploader')).toHaveTextContent("Send files to Bob's Bakery Ltd");
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(await screen.findByTestId('files-empty')).toHaveTextContent(
      'No files have been submitted to this site yet.',
    );
  });

  test('without internalFilesUpload there is no uploader', async () => {
    settings = { ...ALLOWED, internalFilesUpload: false };
    renderPage('submitted');
    await screen.findByTestId('submitted-files-table');
    expect(screen.queryByTestId('file-uploader')).toBeNull();
  });
});

describe('the landing page', () => {
  test('says how many published documents are new, linking to Published Files', async () => {
    published = [file(1, true), file(2, true), file(3, false)];
    renderPage('submitted');
    const notice = await screen.findByTestId('new-documents-notice');
    expect(notice).toHaveTextContent('2 new documents in Published Files');
    expect(within(notice).getByRole('link')).toHaveAttribute('href', '/publishedFiles');
  });

  test('says nothing when every document was opened, or where files are hidden', async () => {
    published = [file(1, false)];
    renderPage('submitted');
    await screen.findByTestId('submitted-files-table');
    expect(screen.queryByTestId('new-documents-notice')).toBeNull();
  });

  test('does not ask where the site hides its files', async () => {
    settings = { ...ALLOWED, portalFilesView: false };
    renderPage('submitted');
    await screen.findByTestId('files-hidden');
    expect(fetchMock.mock.calls.some(([r]) => r.url.includes('/new-count'))).toBe(false);
  });
});
