import { LogoutOutlined, MailOutlined } from '@ant-design/icons';
import { describeQueryError, formatDate, notify } from '@portico/web-shell';
import { Button, Flex, Tag, Typography } from 'antd';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { useEndClientSessionsMutation, useResendInvitationMutation } from '../api/sites.ts';

/** A person of the firm as both member lists show them. */
interface Person {
  userId: string;
  name: string;
  email: string;
  hasAccount: boolean;
}

/** Name, address, and "Invitation pending" until they set their password (or first sign in elsewhere). */
export function PersonCell({ person }: { person: Person }) {
  return (
    <Flex vertical>
      <span>{person.name}</span>
      <Typography.Text style={{ color: '#595959' }}>{person.email}</Typography.Text>
      {person.hasAccount ? null : (
        // Dark text on the light gold: antd's own gold tag is below 4.5:1.
        <Tag
          style={{ width: 'fit-content', color: '#7c4a03', background: '#fffbe6', borderColor: '#ffe58f' }}
        >
          Invitation pending
        </Tag>
      )}
    </Flex>
  );
}

/** Sends someone who has not accepted yet a new invitation; nothing for someone who can sign in. */
export function ResendInvitationButton({ person }: { person: Person }) {
  const [resend, resending] = useResendInvitationMutation();
  if (person.hasAccount) return null;
  const send = async () => {
    try {
      const invitation = await resend({ userId: person.userId }).unwrap();
      notify.success(
        'Invitation sent',
        invitation.expiresAt
          ? `${person.email} has a new link, valid until ${formatDate(invitation.expiresAt)}; earlier links no longer work.`
          : `${person.email} has been sent a new link to sign in.`,
      );
    } catch (error) {
      notify.error('The invitation could not be sent', describeQueryError(error));
    }
  };
  return (
    <Button
      type="text"
      icon={<MailOutlined aria-hidden />}
      loading={resending.isLoading}
      onClick={() => void send()}
      // The visible words start the accessible name, as speech input expects.
      aria-label={`Resend invitation to ${person.name}`}
    >
      Resend invitation
    </Button>
  );
}

/**
 * Ends every sign-in of a client who can sign in (a lost laptop, someone who left): their browsers and apps must
 * sign in again. Asks first, like every action that changes what a client can do.
 */
export function EndSessionsButton({ person }: { person: Person }) {
  const [end, ending] = useEndClientSessionsMutation();
  if (!person.hasAccount) return null;
  const run = async () => {
    try {
      const { ended } = await end({ userId: person.userId }).unwrap();
      notify.success(
        'Signed out everywhere',
        ended
          ? `${person.name} is signed out of every browser within 15 minutes and must sign in again.`
          : `${person.name} was not signed in anywhere.`,
      );
    } catch (error) {
      notify.error('The sign-ins could not be ended', describeQueryError(error));
    }
  };
  return (
    <ConfirmButton
      action="Sign out everywhere"
      subject={person.name}
      consequence="Every browser and app of theirs must sign in again."
      onConfirm={run}
      loading={ending.isLoading}
      icon={<LogoutOutlined aria-hidden />}
      button={{ type: 'text' }}
    />
  );
}

/** What to tell the staff after adding someone: whether an invitation went out. */
export const addedMessage = (person: Person, where: string) =>
  person.hasAccount
    ? `${person.name} (${person.email}) can now see ${where}.`
    : `${person.name} (${person.email}) was sent an invitation to set a password and see ${where}.`;
