import { TWO_STEP_REQUIREMENTS, type TwoStepRequirement } from '@portico/contracts';
import { describeQueryError, notify, QueryErrorAlert } from '@portico/web-shell';
import { Card, Skeleton } from 'antd';
import { useId } from 'react';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useGetSignInPolicyQuery, useUpdateSignInPolicyMutation } from '../api/sign-in-policy.ts';

const LABELS: Record<TwoStepRequirement, string> = {
  off: 'Off',
  staff: 'Staff',
  clients: 'Clients',
  everyone: 'Everyone',
};

/** "Require two-step sign-in": who of the firm's people must use an authenticator app (decision 45). */
export function TwoStepPolicyCard() {
  const { tenant, ready } = useTenant();
  const policy = useGetSignInPolicyQuery({ tenant }, { skip: !ready });
  const [update, updating] = useUpdateSignInPolicyMutation();
  const selectId = useId();
  const hintId = useId();
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Sign-in</h2>}>
      {policy.error ? (
        <QueryErrorAlert
          title="The sign-in policy could not be loaded"
          error={policy.error}
          onRetry={() => void policy.refetch()}
        />
      ) : !policy.currentData ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, maxWidth: 560 }}>
          <label htmlFor={selectId} style={{ fontWeight: 600 }}>
            Require two-step sign-in
          </label>
          <select
            id={selectId}
            aria-describedby={hintId}
            value={policy.currentData.twoStepRequired}
            disabled={updating.isLoading}
            style={{ maxWidth: 240, padding: '6px 8px', font: 'inherit' }}
            onChange={(event) =>
              update({ twoStepRequired: event.target.value as TwoStepRequirement })
                .unwrap()
                .then((saved) =>
                  notify.success(
                    'Sign-in policy saved',
                    saved.twoStepRequired === 'off'
                      ? 'Two-step sign-in is up to each person.'
                      : 'People it covers set up an authenticator app at their next sign-in.',
                  ),
                )
                .catch((error: unknown) =>
                  notify.error('The sign-in policy could not be saved', describeQueryError(error)),
                )
            }
          >
            {TWO_STEP_REQUIREMENTS.map((value) => (
              <option key={value} value={value}>
                {LABELS[value]}
              </option>
            ))}
          </select>
          <span id={hintId} style={{ color: '#595959' }}>
            A person it covers who has no authenticator app sets one up at their next sign-in, before they see
            any file. Everyone else may still turn it on for themselves under "Sign-in and security".
          </span>
        </div>
      )}
    </Card>
  );
}
