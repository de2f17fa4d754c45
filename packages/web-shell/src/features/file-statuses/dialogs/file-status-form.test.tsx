import type { FileStatusList } from '@portico/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createTestStore } from '../../../testing/render-with-shell.tsx';
import { signIn } from '../../../testing/signed-in.ts';
import FileStatusForm from './file-status-form.tsx';

const LIST: FileStatusList = {
  records: [
    { key: 'for_review', name: 'For review' },
    { key: 'approved', name: 'Approved' },
  ],
};
const FILE = { id: 'f1', title: 'Draft return', fileName: 'Draft return.pdf', folderId: null };
const puts: { path: string; body: unknown }[] = [];
let refuse = false;

beforeEach(() => {
  puts.length = 0;
  refuse = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'PUT') {
        puts.push({ path, body: await request.json() });
        if (refuse)
          return Response.json(
            { error: { code: 'settings.forbidden', message: 'Changing a file’s status is turned off.' } },
            { status: 403 },
          );
        return new Response(null, { status: 204 });
      }
      expect(path).toBe('/t/acme/file-management/api/statuses');
      return Response.json(LIST);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(file: typeof FILE & { status?: string; statusName?: string } = FILE) {
  const { store } = createTestStore();
  signIn(store, { services: ['file-management'] });
  const onDone = vi.fn();
  const onCancel = vi.fn();
  render(
    <Provider store={store}>
      <FileStatusForm file={file} onDone={onDone} onCancel={onCancel} />
    </Provider>,
  );
  return { onDone, onCancel };
}

describe('the "Set status" panel', () => {
  test('offers the firm’s statuses, asks for one, and sends it with the note trimmed', async () => {
    const { onDone } = renderForm();
    const approved = await screen.findByRole('radio', { name: 'Approved' });
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    expect(await screen.findByText('Choose a status.')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await userEvent.click(approved);
    await userEvent.type(screen.getByLabelText('Note (optional)'), '  Go ahead  ');
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({ title: 'Status set to Approved', description: 'Draft return' }),
    );
    expect(puts).toEqual([
      { path: '/t/acme/file-management/api/files/f1/status', body: { status: 'approved', note: 'Go ahead' } },
    ]);
  });

  test('starts from the file’s status and shows the server’s refusal', async () => {
    refuse = true;
    const { onDone, onCancel } = renderForm({ ...FILE, status: 'for_review', statusName: 'For review' });
    expect(await screen.findByRole('radio', { name: 'For review' })).toBeChecked();
    expect(screen.getByText('Now: For review')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    expect(await screen.findByText('Changing a file’s status is turned off.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
