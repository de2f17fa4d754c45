import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { Menu, MenuAudience } from '@portico/contracts';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { MENU_PAGE_NAMES } from '../../../lib/menu-keys.ts';
import { nonBlankTextRules } from '../../../lib/text-rules.ts';
import { bodyOf, KNOWN_KEYS, keyProblem, type MenuRow, menuProblems, rowsOf } from '../menu-form.ts';
import { SortableEntries } from './sortable-entries.tsx';

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

/** The choice under which a key is typed by hand. */
const OTHER = '(other)';

/** What people call the page of `key`, or the key itself for one this console has no name for. */
const pageName = (key: string | undefined) => (key ? (MENU_PAGE_NAMES[key.trim()] ?? key.trim()) : '');

/** What an entry is called in the editor: its name as shown, else its page's name. */
const entryTitle = (row: Omit<MenuRow, 'subMenus'> | undefined) => row?.name?.trim() || pageName(row?.key);

/**
 * Which page an entry opens, in people's words: one of the front end's pages, or, under "Another key…", a key
 * typed by hand (for a page that front end does not have yet; it then shows nothing there).
 */
function PagePicker({
  id,
  audience,
  value,
  onChange,
}: {
  id?: string;
  audience: MenuAudience;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const known = KNOWN_KEYS[audience];
  const [other, setOther] = useState(() => !!value && !known.includes(value.trim()));
  return (
    <Flex vertical gap={8}>
      <Select
        id={id}
        value={other ? OTHER : value || undefined}
        placeholder="Choose a page"
        onChange={(choice: string) => {
          setOther(choice === OTHER);
          onChange?.(choice === OTHER ? '' : choice);
        }}
        options={[
          ...known.map((key) => ({ value: key, label: pageName(key) })),
          { value: OTHER, label: 'Another key…' },
        ]}
      />
      {other ? (
        <Input
          aria-label="Key of the page"
          placeholder="e.g. reports"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
        />
      ) : null}
    </Flex>
  );
}

/** The fields of one entry; `path` is where it sits in the form (an item or a submenu). */
function EntryFields({
  path,
  audience,
  handle,
  onRemove,
  removeLabel,
}: {
  path: (string | number)[];
  audience: MenuAudience;
  handle: ReactNode;
  onRemove: () => void;
  removeLabel: string;
}) {
  const form = Form.useFormInstance<MenuFormValues>();
  const key = Form.useWatch(['items', ...path, 'key'], form) as string | undefined;
  const known = !!key && KNOWN_KEYS[audience].includes(key.trim());
  return (
    <Flex gap={8} align="flex-start">
      <span style={{ paddingTop: 30 }}>{handle}</span>
      <Row gutter={12} align="top" style={{ flex: 1, minWidth: 0 }}>
        <Col xs={24} sm={12} lg={8}>
          <Form.Item
            name={[...path, 'key']}
            label="Opens"
            rules={keyRules}
            extra={key && !known ? <ToneTag tone="neutral">No page in this front end</ToneTag> : null}
          >
            <PagePicker audience={audience} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Form.Item name={[...path, 'name']} label="Shown as" rules={nonBlankTextRules('a name', 100)}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={12} lg={5}>
          <Form.Item name={[...path, 'noRoute']} label="Page" valuePropName="checked">
            <Checkbox>Coming soon</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={12} sm={12} lg={3}>
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
    </Flex>
  );
}

/**
 * One audience's menu: entries in the order the menu shows them (dragged into place, with the keyboard too),
 * each opening a page named in people's words, with its name, "coming soon" and one level of submenus.
 */
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
      <Typography.Paragraph style={{ color: '#595959' }}>
        The menu shows the entries in this order. To move one, drag it by its handle, or focus the handle and
        press Space, then the arrow keys, then Space again.
      </Typography.Paragraph>
      <Form.List name="items">
        {(items, { add, remove, move }) => (
          <Flex vertical gap={12}>
            <SortableEntries
              ids={items.map((item) => String(item.key))}
              names={items.map((item) => entryTitle(rows[item.name]))}
              onMove={move}
            >
              {(index, handle) => {
                const item = items[index]!;
                const title = entryTitle(rows[item.name]) || `Entry ${index + 1}`;
                return (
                  <Card size="small" title={title} data-testid="menu-entry">
                    <EntryFields
                      path={[item.name]}
                      audience={audience}
                      handle={handle}
                      onRemove={() => remove(item.name)}
                      removeLabel={`Remove ${title}`}
                    />
                    <Form.List name={[item.name, 'subMenus']}>
                      {(subs, subOps) => (
                        <Flex
                          vertical
                          gap={8}
                          style={{ paddingInlineStart: 16, borderInlineStart: '3px solid #F0F0F0' }}
                        >
                          <SortableEntries
                            ids={subs.map((sub) => String(sub.key))}
                            names={subs.map((sub) => entryTitle(rows[item.name]?.subMenus?.[sub.name]))}
                            onMove={subOps.move}
                          >
                            {(subIndex, subHandle) => {
                              const sub = subs[subIndex]!;
                              const subTitle =
                                entryTitle(rows[item.name]?.subMenus?.[sub.name]) ||
                                `submenu ${subIndex + 1}`;
                              return (
                                <EntryFields
                                  path={[item.name, 'subMenus', sub.name]}
                                  audience={audience}
                                  handle={subHandle}
                                  onRemove={() => subOps.remove(sub.name)}
                                  removeLabel={`Remove ${subTitle} from ${title}`}
                                />
                              );
                            }}
                          </SortableEntries>
                          <span>
                            <Button
                              size="small"
                              icon={<PlusOutlined aria-hidden />}
                              onClick={() => subOps.add({ key: '', name: '', order: 0, noRoute: false })}
                              aria-label={`Add a submenu to ${title}`}
                            >
                              Add a submenu
                            </Button>
                          </span>
                        </Flex>
                      )}
                    </Form.List>
                  </Card>
                );
              }}
            </SortableEntries>
            <span>
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add({ key: '', name: '', order: 0, noRoute: false, subMenus: [] })}
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
            title="Without an entry that opens the Navigation menu, nobody can reach this page from the control panel's menu again."
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
