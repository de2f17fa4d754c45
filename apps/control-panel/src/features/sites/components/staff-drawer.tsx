import { notify } from '@portico/web-shell';
import { Drawer, Flex, Form } from 'antd';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useGetStaffMembersQuery, useInviteStaffMutation } from '../api/sites.ts';
import { addedMessage, ResendInvitationButton } from './invitation-parts.tsx';
import { PeopleList, PersonByEmailForm, type PersonByEmailValues, personBody } from './people-by-email.tsx';

/** The firm's staff: invite someone to the control panel by e-mail, resend a pending invitation. */
export default function StaffDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { tenant, ready } = useTenant();
  const [form] = Form.useForm<PersonByEmailValues>();
  const staff = useGetStaffMembersQuery({ tenant }, { skip: !ready || !open });
  const [invite, inviting] = useInviteStaffMutation();

  const submit = async (values: PersonByEmailValues) => {
    try {
      const member = await invite(personBody(values)).unwrap();
      notify.success('Staff member added', addedMessage(member, 'the control panel'));
      form.resetFields();
    } catch {
      // The alert under the form shows why.
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Staff of the firm"
      size={560}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      data-testid="staff-drawer"
    >
      <Flex vertical gap={24}>
        <PersonByEmailForm
          form={form}
          name="invite-staff"
          label="Invite staff"
          heading="Invite a colleague"
          intro="Staff see every site of the firm and can change them."
          submit="Invite"
          errorTitle="The invitation failed"
          onFinish={submit}
          loading={inviting.isLoading}
          error={inviting.error}
        />
        <PeopleList
          id="staff-heading"
          heading="Staff"
          query={staff}
          errorTitle="The staff could not be loaded"
          empty="No staff yet."
          actions={(member) => <ResendInvitationButton person={member} />}
        />
      </Flex>
    </Drawer>
  );
}
