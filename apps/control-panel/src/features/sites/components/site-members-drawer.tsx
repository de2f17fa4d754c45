import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import type { SiteMember, StaffSite } from '@portico/contracts';
import { dateColumn, describeQueryError, notify, QueryErrorAlert } from '@portico/web-shell';
import { Button, Drawer, Empty, Flex, Form, Input, Table, Typography } from 'antd';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import {
  useAddSiteMemberMutation,
  useGetSiteMembersQuery,
  useRemoveSiteMemberMutation,
} from '../api/sites.ts';

interface AddMemberValues {
  email: string;
  name?: string;
}

/** A site's client members: add one by e-mail (linked when they sign in with it), remove one. */
export function SiteMembersDrawer({ site, onClose }: { site: StaffSite | undefined; onClose: () => void }) {
  const { tenant, ready } = useTenant();
  const [form] = Form.useForm<AddMemberValues>();
  const members = useGetSiteMembersQuery({ tenant, siteId: site?.id ?? '' }, { skip: !ready || !site });
  const [addMember, adding] = useAddSiteMemberMutation();
  const [removeMember, removing] = useRemoveSiteMemberMutation();

  const add = async ({ email, name }: AddMemberValues) => {
    if (!site) return;
    try {
      const member = await addMember({
        siteId: site.id,
        body: { email: email.trim(), ...(name?.trim() ? { name: name.trim() } : {}) },
      }).unwrap();
      notify.success('Member added', `${member.name} (${member.email}) can now see ${site.name}.`);
      form.resetFields();
    } catch {
      // The alert under the form shows why.
    }
  };

  const remove = async (member: SiteMember) => {
    if (!site) return;
    try {
      await removeMember({ siteId: site.id, userId: member.userId }).unwrap();
      notify.success('Member removed', `${member.name} no longer sees ${site.name}.`);
    } catch (error) {
      notify.error('The member could not be removed', describeQueryError(error));
    }
  };

  return (
    <Drawer
      open={!!site}
      onClose={onClose}
      title={site ? `Members of ${site.name}` : 'Members'}
      size={560}
      // Never wider than the screen, without waiting for a breakpoint to be reported.
      styles={{ wrapper: { maxWidth: '100vw' } }}
      data-testid="members-drawer"
    >
      <Flex vertical gap={24}>
        <Form
          form={form}
          layout="vertical"
          onFinish={add}
          requiredMark="optional"
          aria-label="Add a client"
          data-testid="add-member-form"
        >
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
            Add a client by e-mail
          </Typography.Title>
          <Form.Item
            name="email"
            label="E-mail address"
            rules={[
              { required: true, message: 'Please enter an e-mail address.' },
              { type: 'email', message: 'This is not an e-mail address.' },
              { max: 254, message: 'At most 254 characters.' },
            ]}
            extra="Someone new is linked to this address when they first sign in with it."
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
          <Button
            type="primary"
            htmlType="submit"
            icon={<UserAddOutlined aria-hidden />}
            loading={adding.isLoading}
          >
            Add member
          </Button>
          {adding.error ? (
            <QueryErrorAlert
              style={{ marginTop: 16 }}
              title="The member could not be added"
              error={adding.error}
            />
          ) : null}
        </Form>

        <section aria-labelledby="members-heading">
          <Typography.Title id="members-heading" level={2} style={{ fontSize: 16 }}>
            Members {members.currentData ? `(${members.currentData.totalRecordCount})` : ''}
          </Typography.Title>
          {members.error ? (
            <QueryErrorAlert
              title="The members could not be loaded"
              error={members.error}
              onRetry={() => void members.refetch()}
            />
          ) : (
            <Table<SiteMember>
              rowKey="userId"
              size="small"
              loading={members.isFetching}
              dataSource={members.currentData?.records ?? []}
              pagination={false}
              locale={{ emptyText: <Empty description="No client can see this site yet." /> }}
              columns={[
                {
                  title: 'Name',
                  dataIndex: 'name',
                  render: (name: string, member) => (
                    <Flex vertical>
                      <span>{name}</span>
                      <Typography.Text style={{ color: '#595959' }}>{member.email}</Typography.Text>
                    </Flex>
                  ),
                },
                dateColumn('Added', 'addedAt', ['sm']),
                {
                  title: 'Actions',
                  key: 'actions',
                  render: (_value, member) => (
                    <ConfirmButton
                      action="Remove"
                      subject={member.name}
                      consequence="They lose access to this site at once."
                      onConfirm={() => remove(member)}
                      loading={removing.isLoading && removing.originalArgs?.userId === member.userId}
                      icon={<DeleteOutlined aria-hidden />}
                      button={{ type: 'text' }}
                    />
                  ),
                },
              ]}
            />
          )}
        </section>
      </Flex>
    </Drawer>
  );
}
