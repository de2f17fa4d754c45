import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CreateRequestBody, RequestItemInput } from '@portico/contracts';
import { notify, toApiError, useIdempotencyKeys } from '@portico/web-shell';
import { Button, Checkbox, Drawer, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useCreateRequestsMutation, useGetTemplatesQuery, useSaveTemplateMutation } from '../api/requests.ts';
import { SiteMultiSelect } from './site-multi-select.tsx';

interface FormValues {
  siteIds: string[];
  title: string;
  note?: string;
  dueDate: string;
  items: { name: string; description?: string; required: boolean; files: 'one' | 'several' }[];
}

const EMPTY_ITEM = { name: '', required: true, files: 'one' as const };
const toInput = (i: FormValues['items'][number]): RequestItemInput => ({
  name: i.name,
  ...(i.description?.trim() ? { description: i.description.trim() } : {}),
  required: i.required,
  multiple: i.files === 'several',
});

/** The new request: from a template or by hand, on one site or many; it can be saved as a template too. */
export function CreateRequestDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { tenant, ready } = useTenant();
  const [form] = Form.useForm<FormValues>();
  const templates = useGetTemplatesQuery({ tenant }, { skip: !ready || !open });
  const [createRequests, creating] = useCreateRequestsMutation();
  const [saveTemplate, saving] = useSaveTemplateMutation();
  const [templateId, setTemplateId] = useState<string | undefined>();
  const [templateName, setTemplateName] = useState('');
  const keys = useIdempotencyKeys();

  const applyTemplate = (id: string | undefined) => {
    setTemplateId(id);
    const template = templates.data?.records.find((t) => t.id === id);
    if (!template) return;
    form.setFieldsValue({
      title: template.title,
      note: template.note ?? '',
      items: template.items.map((i) => ({
        name: i.name,
        description: i.description ?? '',
        required: i.required,
        files: i.multiple ? 'several' : 'one',
      })),
    });
  };

  const submit = async (values: FormValues) => {
    const body: CreateRequestBody = {
      siteIds: values.siteIds,
      title: values.title,
      ...(values.note?.trim() ? { note: values.note.trim() } : {}),
      dueDate: values.dueDate,
      ...(templateId ? { templateId } : {}),
      items: values.items.map(toInput),
    };
    try {
      const created = await createRequests({ body, idempotencyKey: keys.keyFor(body) }).unwrap();
      keys.succeeded();
      notify.success(
        created.records.length === 1 ? 'Request sent' : `${created.records.length} requests sent`,
        `${values.title}: the client sees it under Requested Documents.`,
      );
      form.resetFields();
      setTemplateId(undefined);
      onClose();
    } catch (error) {
      notify.error('The request could not be created', toApiError(error).message);
    }
  };

  const saveAsTemplate = async () => {
    const values = await form.validateFields(['title', 'note', 'items']);
    try {
      await saveTemplate({
        name: templateName.trim(),
        title: values.title,
        ...(values.note?.trim() ? { note: values.note.trim() } : {}),
        items: values.items.map(toInput),
      }).unwrap();
      notify.success('Template saved', `"${templateName.trim()}" can now be applied to any site.`);
      setTemplateName('');
    } catch (error) {
      notify.error('The template could not be saved', toApiError(error).message);
    }
  };

  return (
    <Drawer title="New request" open={open} onClose={onClose} size="large" destroyOnHidden>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ siteIds: [], items: [EMPTY_ITEM] }}
        onFinish={(values) => void submit(values)}
        data-testid="create-request-form"
      >
        <Form.Item label="Start from a template" htmlFor="request-template">
          <Select
            id="request-template"
            allowClear
            placeholder="No template"
            value={templateId}
            loading={templates.isLoading}
            options={(templates.data?.records ?? []).map((t) => ({ value: t.id, label: t.name }))}
            onChange={applyTemplate}
            data-testid="request-template"
          />
        </Form.Item>
        <Form.Item
          name="siteIds"
          label="Sites"
          rules={[{ required: true, message: 'Choose at least one site.' }]}
        >
          <SiteMultiSelect />
        </Form.Item>
        <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input data-testid="request-title" />
        </Form.Item>
        <Form.Item name="note" label="Note to the client (optional)" rules={[{ max: 4000 }]}>
          <Input.TextArea autoSize={{ minRows: 2 }} />
        </Form.Item>
        <Form.Item
          name="dueDate"
          label="Due date (YYYY-MM-DD)"
          rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'A date as YYYY-MM-DD.' }]}
        >
          {/* Text, not a native date field: that one shows the browser's locale (mm/dd/yyyy), SPEC §9 says YYYY-MM-DD. */}
          <Input
            placeholder="YYYY-MM-DD"
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            style={{ maxWidth: 220 }}
            data-testid="request-due-date"
          />
        </Form.Item>
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          Items
        </Typography.Title>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} wrap align="flex-start" data-testid="request-item-fields">
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[{ required: true, whitespace: true, message: 'Name the document.' }]}
                    style={{ flex: '1 1 200px', marginBottom: 0 }}
                  >
                    <Input aria-label={`Item ${index + 1} name`} placeholder="What you need" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'description']}
                    style={{ flex: '1 1 200px', marginBottom: 0 }}
                  >
                    <Input
                      aria-label={`Item ${index + 1} description`}
                      placeholder="Description (optional)"
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'files']} style={{ marginBottom: 0 }}>
                    <Select
                      aria-label={`Item ${index + 1} files`}
                      style={{ width: 130 }}
                      options={[
                        { value: 'one', label: 'One file' },
                        { value: 'several', label: 'Several files' },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'required']}
                    valuePropName="checked"
                    style={{ marginBottom: 0 }}
                  >
                    <Checkbox>Required</Checkbox>
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`Remove item ${index + 1}`}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add(EMPTY_ITEM)}
                style={{ alignSelf: 'start' }}
              >
                Add an item
              </Button>
            </Flex>
          )}
        </Form.List>
        <Flex gap={12} wrap style={{ marginTop: 24 }} align="center">
          <Button type="primary" htmlType="submit" loading={creating.isLoading} data-testid="create-request">
            Send request
          </Button>
          <Input
            aria-label="Template name"
            placeholder="Template name"
            value={templateName}
            onChange={(e) => setTemplateName(e.target.value)}
            style={{ width: 220 }}
          />
          <Button
            disabled={!templateName.trim()}
            loading={saving.isLoading}
            onClick={() => void saveAsTemplate()}
          >
            Save as template
          </Button>
        </Flex>
      </Form>
    </Drawer>
  );
}
