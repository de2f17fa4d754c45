import { type FormEvent, useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { usePublishOwnFileMutation, useUnpublishFileMutation } from '../api/publish-and-bulk.ts';

interface PanelProps {
  file: { id: string; title: string };
  onDone: (done: { title: string; description?: string }) => void;
  onCancel: () => void;
}

/**
 * Client publishing (issue 27 item 9): the "More" dialog's panel that asks before it publishes the caller's own
 * submitted file to the site (`publish`) or takes a client-published file back to Submitted Files (`take back`).
 * The server has the last word (its own file only, the site's flag); its refusal is shown as it reads.
 */
export default function ClientPublishPanel({
  file,
  onDone,
  onCancel,
  mode,
}: PanelProps & { mode: 'publish' | 'takeBack' }) {
  const [publish, publishing] = usePublishOwnFileMutation();
  const [unpublish, unpublishing] = useUnpublishFileMutation();
  const [problem, setProblem] = useState<string>();
  const busy = publishing.isLoading || unpublishing.isLoading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      if (mode === 'publish') {
        await publish({ id: file.id }).unwrap();
        onDone({ title: 'Published to the site', description: `${file.title}: every member now sees it.` });
      } else {
        await unpublish({ id: file.id }).unwrap();
        onDone({ title: 'Taken back', description: `${file.title} is back in Submitted Files.` });
      }
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };

  return (
    <form
      className="portico-stack"
      onSubmit={(event) => void submit(event)}
      data-testid={`client-${mode}-panel`}
    >
      <p style={{ margin: 0 }}>
        {mode === 'publish'
          ? 'Every member of this site will see it in Published Files, marked as published by you, and be told by mail. You can take it back later.'
          : 'It leaves Published Files and goes back to Submitted Files as it was.'}
      </p>
      {problem ? <Notice tone="warning" title={problem} data-testid="client-publish-problem" /> : null}
      <div className="portico-row" style={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Back</Button>
        <Button type="submit" variant="primary" loading={busy} data-testid="client-publish-submit">
          {mode === 'publish' ? 'Publish to the site' : 'Take back'}
        </Button>
      </div>
    </form>
  );
}
