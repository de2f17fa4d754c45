import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { Menu, MenuAudience } from '@portico/contracts';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, InputNumber, Row } from 'antd';
import { useEffect } from 'react';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { nonBlankTextRules } from '../../../lib/text-rules.ts';
import { bodyOf, KNOWN_KEYS, keyProblem, type MenuRow, menuProblems, rowsOf } from '../menu-form.ts';

interface MenuFormValues {
  items: MenuRow[];
}

const keyRules = [
  {
    validator: (_rule: unknown, value: string) => {
      const problem = keyProblem(value);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];
const orderRules = [
  { required: true, type: 'integer' as const, min: 0, max: 10_000, message: '0 to 10000.' },
];

function KeyTag({ audience, value }: { audience: MenuAudience; value: string | undefined }) {
  if (!value) return null;
  return KNOWN_KEYS[audience].includes(value.trim()) ? (
    <ToneTag tone="success">Has a page</ToneTag>
  ) : (
    <ToneTag tone="neutral">No page in this front end</ToneTag>
  );
}

/** The fields of one entry; `path` is where it sits in the form (an item or a submenu). */
function EntryFields({
  path,
  audience,
  onRemove,
  removeLabel,
}: {
  path: (string | number)[];
  audience: MenuAudience;
  onRemove: () => void;
  removeLabel: string;
}) {
  const form = Form.useFormInstance<MenuFormValues>();
  const key = Form.useWatch(['items', ...path, 'key'], form) as string | undefined;
  return (
    <Row gutter={12} align="top">
      <Col xs={24} sm={12} lg={6}>
        <Form.Item
          name={[...path, 'key']}
          label="Key"
          rules={keyRules}
          extra={<KeyTag audience={audience} value={key} />}
        >
          <Input autoComplete="off" spellCheck={false} maxLength={64} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Form.Item name={[...path, 'name']} label="Name" rules={nonBlankTextRules('a name', 100)}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={8} lg={3}>
        <Form.Item name={[...path, 'order']} label="Order" rules={orderRules}>
          <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={8} lg={4}>
        <Form.Item name={[...path, 'noRoute']} label="Page" valuePropName="checked">
          <Checkbox>Coming soon</Checkbox>
        </Form.Item>
      </Col>
      <Col xs={24} sm={8} lg={3}>
        <Form.Item label={<span aria-hidden>&nbsp;</span>}>
          <Button
            danger
            type="text"
            icon={<DeleteOutlined aria-hidden />}
            onClick={onRemove}
            aria-label={removeLabel}
          >
            Remove
          </Button>
        </Form.Item>
      </Col>
    </Row>
  );
}

/** One audience's menu: entries with key, name, order, "coming soon" and one level of submenus. */
export function MenuEditor({
  audience,
  menu,
  saving,
  serverError,
  onSave,
}: {
  audience: MenuAudience;
  menu: Menu;
  saving: boolean;
  serverError?: string | undefined;
  onSave: (body: ReturnType<typeof bodyOf>) => void;
}) {
  const [form] = Form.useForm<MenuFormValues>();
  useEffect(() => form.setFieldsValue({ items: rowsOf(menu.items) }), [menu, form]);
  const rows = (Form.useWatch('items', form) ?? []) as MenuRow[];
  const problems = menuProblems(rows);
  const lockout =
    audience === 'staff' &&
    rows.length > 0 &&
    !rows.some((r) => r.key?.trim() === 'navigationMenu' && !r.noRoute);

  return (
    <Form<MenuFormValues>
      form={form}
      name={`menu-${audience}`}
      layout="vertical"
      initialValues={{ items: rowsOf(menu.items) }}
      onFinish={(values) => {
        if (menuProblems(values.items).length === 0) onSave(bodyOf(values.items));
      }}
      data-testid={`menu-editor-${audience}`}
    >
      <Form.List name="items">
        {(items, { add, remove }) => (
          <Flex vertical gap={12}>
            {items.map((item, index) => (
              <Card key={item.key} size="small" title={`Entry ${index + 1}`} data-testid="menu-entry">
                <EntryFields
                  path={[item.name]}
                  audience={audience}
                  onRemove={() => remove(item.name)}
                  removeLabel={`Remove entry ${index + 1}`}
                />
                <Form.List name={[item.name, 'subMenus']}>
                  {(subs, subOps) => (
                    <Flex
                      vertical
                      gap={8}
                      style={{ paddingInlineStart: 16, borderInlineStart: '3px solid #F0F0F0' }}
                    >
                      {subs.map((sub, subIndex) => (
                        <EntryFields
                          key={sub.key}
                          path={[item.name, 'subMenus', sub.name]}
                          audience={audience}
                          onRemove={() => subOps.remove(sub.name)}
                          removeLabel={`Remove submenu ${subIndex + 1} of entry ${index + 1}`}
                        />
                      ))}
                      <span>
                        <Button
                          size="small"
                          icon={<PlusOutlined aria-hidden />}
                          onClick={() =>
                            subOps.add({ key: '', name: '', order: (subs.length + 1) * 10, noRoute: false })
                          }
                        >
                          Add a submenu
                        </Button>
                      </span>
                    </Flex>
                  )}
                </Form.List>
              </Card>
            ))}
            <span>
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() =>
                  add({ key: '', name: '', order: (items.length + 1) * 10, noRoute: false, subMenus: [] })
                }
              >
                Add an entry
              </Button>
            </span>
          </Flex>
        )}
      </Form.List>
      <Flex vertical gap={12} style={{ marginTop: 16 }}>
        {problems.map((problem) => (
          <Alert key={problem} type="warning" showIcon title={problem} />
        ))}
        {lockout ? (
          <Alert
            type="warning"
            showIcon
            title="Without a navigationMenu entry, nobody can open this page from the control panel's menu again."
          />
        ) : null}
        {serverError ? (
          <Alert type="error" showIcon title="The menu could not be saved" description={serverError} />
        ) : null}
        <Flex gap={12} wrap>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined aria-hidden />}
            loading={saving}
            disabled={problems.length > 0}
          >
            Save menu
          </Button>
          <Button onClick={() => form.setFieldsValue({ items: rowsOf(menu.items) })} disabled={saving}>
            Undo changes
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
