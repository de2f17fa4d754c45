import { Button, Card, Flex, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import { CenteredPage } from '../../../components/centered-page.tsx';
import { setTenant } from '../../../store/app-slice.ts';
import { useShellDispatch } from '../../../store/hooks.ts';
import { useTenantOptions } from '../hooks/use-tenant-options.ts';

/** SPEC §2: shown to a signed-in user with several tenants and none chosen. */
export function TenantSelectionPage() {
  const dispatch = useShellDispatch();
  const { options, isLoading } = useTenantOptions();
  const [choice, setChoice] = useState<string | undefined>();
  const selectId = useId();

  return (
    <CenteredPage>
      <Card>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (choice) dispatch(setTenant(choice));
          }}
        >
          <Flex vertical gap={16}>
            <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
              Select the tenant
            </Typography.Title>
            <Typography.Paragraph style={{ margin: 0 }}>
              Your account works with several firms. Choose the one you want to work with now; you can switch
              later from the header.
            </Typography.Paragraph>
            <Flex vertical gap={4}>
              <label htmlFor={selectId}>Tenant</label>
              <Select
                id={selectId}
                placeholder="Select a tenant"
                options={options}
                value={choice}
                onChange={setChoice}
                loading={isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: '100%' }}
                size="large"
              />
            </Flex>
            <div>
              <Button type="primary" htmlType="submit" size="large" disabled={!choice}>
                Done
              </Button>
            </div>
          </Flex>
        </form>
      </Card>
    </CenteredPage>
  );
}
