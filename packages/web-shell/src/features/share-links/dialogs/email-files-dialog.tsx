import { MAX_SHARE_LINK_DAYS, MAX_SHARE_MESSAGE_LENGTH, MAX_SHARE_RECIPIENTS } from '@portico/contracts';
import { useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { FormDialog } from '../../../ui/form-dialog.tsx';
import { NoteField } from '../../../ui/note-field.tsx';
import { useEmailFilesMutation } from '../api/share-links.ts';
import '../share-links.css';

const ADDRESS = /^[^\s@<>",;\\()[\]]+@[^\s@<>",;\\()[\]]+\.[^\s@<>",;\\()[\]]+$/;

/** The addresses typed, split at commas, semicolons, spaces and new lines, each once. */
export function addressesOf(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/** What is wrong with the form, or undefined when it can be sent. */
export function emailFormProblem(
  addresses: readonly string[],
  days: string,
  limit: string,
): string | undefined {
  if (addresses.length === 0) return 'Enter at least one e-mail address.';
  if (addresses.length > MAX_SHARE_RECIPIENTS)
    return `Send to at most ${MAX_SHARE_RECIPIENTS} addresses at once (you entered ${addresses.length}).`;
  const wrong = addresses.find((a) => !ADDRESS.test(a));
  if (wrong) return `“${wrong}” is not an e-mail address.`;
  if (days && !(Number.isInteger(Number(days)) && Number(days) >= 1 && Number(days) <= MAX_SHARE_LINK_DAYS))
    return `The link can work for 1 to ${MAX_SHARE_LINK_DAYS} days.`;
  if (limit && !(Number.isInteger(Number(limit)) && Number(limit) >= 1 && Number(limit) <= 1000))
    return 'The download limit is a number from 1 to 1000, or empty for none.';
  return undefined;
}

export default function EmailFilesDialog({
  tenant,
  fileIds,
  onClose,
}: {
  tenant: string;
  fileIds: readonly string[];
  onClose: () => void;
}) {
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [days, setDays] = useState('');
  const [limit, setLimit] = useState('');
  const [problem, setProblem] = useState<string>();
  const [emailFiles, { isLoading }] = useEmailFilesMutation();

  const submit = async () => {
    const addresses = addressesOf(to);
    const wrong = emailFormProblem(addresses, days.trim(), limit.trim());
    setProblem(wrong);
    if (wrong) return;
    try {
      const sent = await emailFiles({
        tenant,
        fileIds: [...fileIds],
        to: addresses,
        ...(message.trim() ? { message: message.trim() } : {}),
        ...(days.trim() ? { expiresInDays: Number(days) } : {}),
        ...(limit.trim() ? { maxDownloads: Number(limit) } : {}),
      }).unwrap();
      const count = sent.records.length;
      notify.success(
        count === 1 ? 'Sent to 1 address' : `Sent to ${count} addresses`,
        `Each gets a link of their own; it works until ${sent.records[0]?.expiresAt.slice(0, 10) ?? ''}.`,
      );
      onClose();
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };

  return (
    <FormDialog
      title={`E-mail ${fileIds.length === 1 ? '1 file' : `${fileIds.length} files`}`}
      intro="Each address gets a mail with a link of its own to download the files; the mail never carries them."
      problem={problem}
      problemTitle="The files were not sent"
      submitLabel="Send"
      busy={isLoading}
      testIds={{ dialog: 'email-files-dialog', send: 'email-send', error: 'email-error' }}
      onSubmit={submit}
      onClose={onClose}
    >
      {(id) => (
        <>
          <div className="portico-share-field">
            <label htmlFor={`${id}-to`}>To</label>
            <textarea
              id={`${id}-to`}
              className="portico-input"
              rows={2}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-describedby={`${id}-to-hint`}
              required
              data-testid="email-to"
            />
            <span id={`${id}-to-hint`} className="portico-share-field__hint">
              Up to {MAX_SHARE_RECIPIENTS} addresses, separated by commas or new lines.
            </span>
          </div>
          <NoteField
            id={`${id}-message`}
            className="portico-share-field"
            label="Message (optional)"
            maxLength={MAX_SHARE_MESSAGE_LENGTH}
            value={message}
            onChange={setMessage}
            testId="email-message"
          />
          <div className="portico-share-row">
            <div className="portico-share-field">
              <label htmlFor={`${id}-days`}>Link works for (days)</label>
              <input
                id={`${id}-days`}
                className="portico-input"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_SHARE_LINK_DAYS}
                placeholder="Default"
                value={days}
                onChange={(e) => setDays(e.target.value)}
                data-testid="email-days"
              />
            </div>
            <div className="portico-share-field">
              <label htmlFor={`${id}-limit`}>Download limit (optional)</label>
              <input
                id={`${id}-limit`}
                className="portico-input"
                type="number"
                inputMode="numeric"
                min={1}
                max={1000}
                placeholder="None"
                value={limit}
                onChange={(e) => setLimit(e.target.value)}
                data-testid="email-limit"
              />
            </div>
          </div>
        </>
      )}
    </FormDialog>
  );
}
