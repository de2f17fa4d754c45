import { UserAddOutlined } from '@ant-design/icons';
import type { SiteMember } from '@portico/contracts';
import { formatDate, QueryErrorAlert } from '@portico/web-shell';
import { Button, Empty, Form, type FormInstance, Input, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PersonCell } from './invitation-parts.tsx';

/** What both forms ask: an address, and how the firm names someone new to it. */
export interface PersonByEmailValues {
  email: string;
  name?: string;
}

/** The values as the API takes them: trimmed, without an empty name. */
export const personBody = ({ email, name }: PersonByEmailValues) => ({
  email: email.trim(),
  ...(name?.trim() ? { name: name.trim() } : {}),
});

/** The form that adds a person of the firm by e-mail (a site's client, or a colleague). */
export function PersonByEmailForm(props: {
  form: FormInstance<PersonByEmailValues>;
  /** Prefixes the fields' ids: both forms may be in the page at once, and a label finds its field by id. */
  name: string;
  label: string;
  heading: string;
  intro?: string;
  submit: string;
  errorTitle: string;
  onFinish: (values: PersonByEmailValues) => void;
  loading: boolean;
  error: unknown;
  testId?: string;
}) {
  return (
    <Form
      form={props.form}
      name={props.name}
      layout="vertical"
      onFinish={props.onFinish}
      requiredMark="optional"
      aria-label={props.label}
      data-testid={props.testId}
    >
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
        {props.heading}
      </Typography.Title>
      {props.intro ? (
        <Typography.Paragraph style={{ color: '#595959' }}>{props.intro}</Typography.Paragraph>
      ) : null}
      <Form.Item
        name="email"
        label="E-mail address"
        rules={[
          { required: true, message: 'Please enter an e-mail address.' },
          { type: 'email', message: 'This is not an e-mail address.' },
          { max: 254, message: 'At most 254 characters.' },
        ]}
        extra="Someone without an account is sent an invitation to set a password."
      >
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label="Name"
        extra="How your firm names this person; kept if your firm already knows them."
        rules={[{ max: 200, message: 'At most 200 characters.' }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<UserAddOutlined aria-hidden />} loading={props.loading}>
        {props.submit}
      </Button>
      {props.error ? (
        <QueryErrorAlert style={{ marginTop: 16 }} title={props.errorTitle} error={props.error} />
      ) : null}
    </Form>
  );
}

/** A list of people of the firm (same shape for members and staff), with their invitation state and actions. */
export function PeopleList(props: {
  id: string;
  heading: string;
  query: {
    currentData?: { records: SiteMember[]; totalRecordCount: number } | undefined;
    error?: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  errorTitle: string;
  empty: string;
  actions: (person: SiteMember) => ReactNode;
}) {
  const { query } = props;
  return (
    <section aria-labelledby={props.id}>
      <Typography.Title id={props.id} level={2} style={{ fontSize: 16 }}>
        {props.heading} {query.currentData ? `(${query.currentData.totalRecordCount})` : ''}
      </Typography.Title>
      {query.error ? (
        <QueryErrorAlert title={props.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<SiteMember>
          rowKey="userId"
          size="small"
          loading={query.isFetching}
          dataSource={query.currentData?.records ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={props.empty} /> }}
          columns={[
            {
              title: 'Name',
              dataIndex: 'name',
              render: (_name: string, person) => <PersonCell person={person} />,
            },
            {
              title: 'Added',
              dataIndex: 'addedAt',
              responsive: ['sm'],
              // A YYYY-MM-DD date reads as one word: it never breaks at its hyphens.
              render: (iso: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(iso)}</span>,
            },
            { title: 'Actions', key: 'actions', render: (_value, person) => props.actions(person) },
          ]}
        />
      )}
    </section>
  );
}
