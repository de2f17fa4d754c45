import {
  DEFAULT_FILE_AREA_SETTINGS,
  type DocumentRequest,
  type FileAreaSettings,
  type Site,
} from '@portico/contracts';
import { createTestStore, signIn } from '@portico/web-shell/testing';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { portalDescriptor } from '../../../app/portal-descriptor.tsx';
import RequestedDocumentsPage from './requested-documents-page.tsx';

const SITE = '6f1b5c3e-8a4d-4b5e-9f7a-2c3d4e5f6a7b';
const REQUEST = '9a1b5c3e-8a4d-4b5e-9f7a-2c3d4e5f6a70';
const ALLOWED: FileAreaSettings = {
  ...DEFAULT_FILE_AREA_SETTINGS,
  portalFilesView: true,
  internalFilesUpload: true,
};
const itemId = (n: number) => `1c1b5c3e-8a4d-4b5e-9f7a-2c3d4e5f6a7${n}`;

const REQUESTED: DocumentRequest = {
  id: REQUEST,
  siteId: SITE,
  siteName: "Bob's Bakery Ltd",
  title: 'Personal tax return 2025',
  note: 'Please send these.',
  dueDate: '2030-06-30',
  status: 'open',
  itemsTotal: 3,
  itemsReceived: 1,
  itemsAccepted: 0,
  itemsOpen: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  completedAt: null,
  items: [
    {
      id: itemId(1),
      name: 'P60',
      description: null,
      required: true,
      multiple: false,
      status: 'received',
      staffNote: null,
      clientComment: null,
      files: [
        {
          id: itemId(9),
          title: 'p60',
          fileName: 'p60.pdf',
          size: 2048,
          createdAt: '2026-11-02T10:00:00.000Z',
        },
      ],
    },
    {
      id: itemId(2),
      name: 'Bank statements',
      description: 'Every account',
      required: true,
      multiple: true,
      status: 'rejected',
      staffNote: 'March is missing',
      clientComment: null,
      files: [],
    },
    {
      id: itemId(3),
      name: 'Donation receipts',
      description: null,
      required: false,
      multiple: true,
      status: 'open',
      staffNote: null,
      clientComment: null,
      files: [],
    },
  ],
};

let settings = ALLOWED;
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  settings = ALLOWED;
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
    if (path.endsWith('/api/requests')) return Response.json({ records: [REQUESTED], totalRecordCount: 1 });
    if (path.endsWith('/not-applicable')) return Response.json(REQUESTED);
    return Response.json({ error: { code: 'request.not_found', message: 'no' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const { store } = createTestStore(undefined, portalDescriptor.slices);
  signIn(store, { services: ['portal', 'file-management', 'file-storage'], siteId: SITE });
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <RequestedDocumentsPage />
      </MemoryRouter>
    </Provider>,
  );
}

const itemRow = async (name: string) =>
  (await screen.findAllByTestId('request-item')).find((li) => li.getAttribute('data-item-name') === name)!;

describe('Requested Documents', () => {
  test('shows each item with its status, files, the firm’s note and what the client can do', async () => {
    renderPage();
    const request = await screen.findByTestId('document-request');
    expect(request).toHaveTextContent('Personal tax return 2025');
    expect(request).toHaveTextContent('Due 2030-06-30');
    expect(request).toHaveTextContent('1 of 3 answered');

    const p60 = await itemRow('P60');
    expect(within(p60).getByTestId('item-status')).toHaveTextContent('Received');
    expect(p60).toHaveTextContent('p60.pdf');
    // A one-file item that has its file waits for the firm: no upload, no "not applicable" (it is required).
    expect(within(p60).queryByTestId('item-upload')).toBeNull();
    expect(within(p60).queryByTestId('item-not-applicable')).toBeNull();

    const statements = await itemRow('Bank statements');
    expect(within(statements).getByTestId('staff-note')).toHaveTextContent('March is missing');
    expect(within(statements).getByTestId('item-upload')).toHaveAccessibleName(
      'Upload files for Bank statements',
    );

    const donations = await itemRow('Donation receipts');
    expect(within(donations).getByTestId('item-not-applicable')).toBeInTheDocument();
  });

  test('marks an optional item not applicable with the comment typed', async () => {
    renderPage();
    const donations = await itemRow('Donation receipts');
    fireEvent.click(within(donations).getByTestId('item-not-applicable'));
    const confirm = within(donations).getByTestId('not-applicable-confirm');
    expect(confirm).toBeDisabled();
    fireEvent.change(within(donations).getByTestId('not-applicable-comment'), {
      target: { value: 'No gifts' },
    });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([r]) => r.url.endsWith(`/items/${itemId(3)}/not-applicable`))).toBe(
        true,
      ),
    );
    const call = fetchMock.mock.calls.find(([r]) => r.url.endsWith('/not-applicable'))![0];
    expect(await call.clone().json()).toEqual({ comment: 'No gifts' });
  });

  test('without internalFilesUpload nothing can be uploaded', async () => {
    settings = { ...ALLOWED, internalFilesUpload: false };
    renderPage();
    await screen.findByTestId('document-request');
    await waitFor(() => expect(screen.getByText(/Uploads are turned off for this site/)).toBeInTheDocument());
    expect(screen.queryByTestId('item-upload')).toBeNull();
  });
});
