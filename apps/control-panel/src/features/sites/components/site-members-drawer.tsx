import { DeleteOutlined } from '@ant-design/icons';
import type { SiteMember, StaffSite } from '@portico/contracts';
import { describeQueryError, notify, SiteFollowers } from '@portico/web-shell';
import { Drawer, Flex, Form } from 'antd';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import {
  useAddSiteMemberMutation,
  useGetSiteMembersQuery,
  useRemoveSiteMemberMutation,
} from '../api/sites.ts';
import { addedMessage, EndSessionsButton, ResendInvitationButton } from './invitation-parts.tsx';
import { PeopleList, PersonByEmailForm, type PersonByEmailValues, personBody } from './people-by-email.tsx';
import { SignInsButton } from './sign-ins-button.tsx';

/** A site's client members: add one by e-mail (invited if they have no account), resend, remove. */
export default function SiteMembersDrawer({
  site,
  onClose,
}: {
  site: StaffSite | undefined;
  onClose: () => void;
}) {
  const { tenant, ready } = useTenant();
  const [form] = Form.useForm<PersonByEmailValues>();
  const members = useGetSiteMembersQuery({ tenant, siteId: site?.id ?? '' }, { skip: !ready || !site });
  const [addMember, adding] = useAddSiteMemberMutation();
  const [removeMember, removing] = useRemoveSiteMemberMutation();

  const add = async (values: PersonByEmailValues) => {
    if (!site) return;
    try {
      const member = await addMember({ siteId: site.id, body: personBody(values) }).unwrap();
      notify.success('Member added', addedMessage(member, site.name));
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
        <PersonByEmailForm
          form={form}
          name="add-member"
          label="Add a client"
          heading="Add a client by e-mail"
          submit="Add member"
          errorTitle="The member could not be added"
          onFinish={add}
          loading={adding.isLoading}
          error={adding.error}
          testId="add-member-form"
        />
        <PeopleList
          id="members-heading"
          heading="Members"
          query={members}
          errorTitle="The members could not be loaded"
          empty="No client can see this site yet."
          actions={(member) => (
            <Flex wrap>
              <ResendInvitationButton person={member} />
              <SignInsButton person={member} />
              <EndSessionsButton person={member} />
              <ConfirmButton
                action="Remove"
                subject={member.name}
                consequence="They lose access to this site at once."
                onConfirm={() => remove(member)}
                loading={removing.isLoading && removing.originalArgs?.userId === member.userId}
                icon={<DeleteOutlined aria-hidden />}
                button={{ type: 'text' }}
              />
            </Flex>
          )}
        />
        {/* Who follows which folder, or the whole site, for mails (decision 59): read-only. */}
        {site ? <SiteFollowers siteId={site.id} /> : null}
      </Flex>
    </Drawer>
  );
}
