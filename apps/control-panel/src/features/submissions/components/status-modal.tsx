import {
  STATUS_REQUIRING_NOTE,
  type StaffSubmission,
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '@portico/contracts';
import { notify, QueryErrorAlert, useIdempotencyKeys } from '@portico/web-shell';
import { Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useSetSubmissionStatusMutation } from '../api/submissions.ts';

interface StatusValues {
  status: SubmissionStatus;
  note?: string;
}

const NOTE_MAX = 2000;

/** Sets where the firm is with a submitted file; a rejection needs a note, which the client reads. */
export function StatusModal({ file, onClose }: { file: StaffSubmission | undefined; onClose: () => void }) {
  const [form] = Form.useForm<StatusValues>();
  const status = Form.useWatch('status', form);
  const [setStatus, saving] = useSetSubmissionStatusMutation();
  const keys = useIdempotencyKeys();

  const resetSaving = saving.reset;
  useEffect(() => {
    if (!file) return;
    resetSaving();
    form.setFieldsValue({
      status: (SUBMISSION_STATUSES as readonly string[]).includes(file.status)
        ? (file.status as SubmissionStatus)
        : 'received',
      note: file.statusNote ?? '',
    });
  }, [file, form, resetSaving]);

  const save = async ({ status: next, note }: StatusValues) => {
    if (!file) return;
    const text = note?.trim();
    const request = { id: file.id, body: { status: next, ...(text ? { note: text } : {}) } };
    try {
      await setStatus({ ...request, idempotencyKey: keys.keyFor(request) }).unwrap();
      keys.succeeded();
      notify.success('Status saved', `${file.title} is now “${SUBMISSION_STATUS_LABELS[next]}”.`);
      onClose();
    } catch {
      // The alert in the dialog says why.
    }
  };

  const noteRequired = status === STATUS_REQUIRING_NOTE;
  return (
    <Modal
      open={!!file}
      title={file ? `Status of ${file.title}` : 'Status'}
      okText="Save status"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving.isLoading}
    >
      <Form form={form} layout="vertical" onFinish={save} data-testid="status-form">
        <Form.Item name="status" label="Status" rules={[{ required: true }]}>
          <Radio.Group
            options={SUBMISSION_STATUSES.map((value) => ({ value, label: SUBMISSION_STATUS_LABELS[value] }))}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label="Note to the client"
          extra={noteRequired ? 'Tell the client why, and what to send instead.' : 'Optional.'}
          rules={[
            { required: noteRequired, whitespace: true, message: 'A rejection needs a note for the client.' },
            { max: NOTE_MAX, message: `At most ${NOTE_MAX} characters.` },
          ]}
        >
          <Input.TextArea rows={4} maxLength={NOTE_MAX} showCount />
        </Form.Item>
        {saving.error ? <QueryErrorAlert title="The status could not be saved" error={saving.error} /> : null}
      </Form>
    </Modal>
  );
}
