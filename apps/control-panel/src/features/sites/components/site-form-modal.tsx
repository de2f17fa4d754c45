import type { StaffSite } from '@portico/contracts';
import { notify, QueryErrorAlert } from '@portico/web-shell';
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { nonBlankTextRules } from '../../../lib/text-rules.ts';
import { useCreateSiteMutation, useUpdateSiteMutation } from '../api/sites.ts';

interface SiteFormValues {
  name: string;
  reference?: string;
}

/** Creates a site, or renames (and re-references) an existing one. */
export default function SiteFormModal({
  open,
  site,
  onClose,
}: {
  open: boolean;
  /** The site to rename; absent to create one. */
  site?: StaffSite | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<SiteFormValues>();
  const [createSite, creating] = useCreateSiteMutation();
  const [updateSite, updating] = useUpdateSiteMutation();
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    if (!open) return;
    setError(undefined);
    form.setFieldsValue({ name: site?.name ?? '', reference: site?.reference ?? '' });
  }, [open, site, form]);

  const submit = async (values: SiteFormValues) => {
    const name = values.name.trim();
    const reference = values.reference?.trim() || null;
    try {
      if (site) {
        await updateSite({ siteId: site.id, body: { name, reference } }).unwrap();
        notify.success('Site saved', `${name} is saved.`);
      } else {
        await createSite({ name, ...(reference ? { reference } : {}) }).unwrap();
        notify.success('Site created', `${name} is ready for its members.`);
      }
      onClose();
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <Modal
      open={open}
      title={site ? `Rename ${site.name}` : 'New site'}
      okText={site ? 'Save' : 'Create site'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={creating.isLoading || updating.isLoading}
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional" data-testid="site-form">
        <Form.Item name="name" label="Site name" rules={nonBlankTextRules('a site name', 200)}>
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="reference"
          label="Reference"
          extra="The firm's own matter or engagement number, if any."
          rules={[{ max: 100, message: 'At most 100 characters.' }]}
        >
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        {error ? <QueryErrorAlert title="The site could not be saved" error={error} /> : null}
      </Form>
    </Modal>
  );
}
