import { MenuOutlined } from '@ant-design/icons';
import type { MenuAudience } from '@portico/contracts';
import { describeQueryError, notify, QueryErrorAlert } from '@portico/web-shell';
import { Card, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { ConsolePage } from '../../../components/console-page.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useGetStaffMenuQuery, useReplaceMenuMutation } from '../api/menus.ts';
import { MenuEditor } from './menu-editor.tsx';

const AUDIENCES: { value: MenuAudience; label: string; title: string }[] = [
  { value: 'client', label: 'Portal', title: "The portal's side menu (clients)" },
  { value: 'staff', label: 'Control panel', title: "The control panel's side menu (staff)" },
];

/** `/navigation-menu`: the side-menu entries of the portal and of the control panel, edited and saved. */
export default function NavigationMenuPage() {
  const { tenant, ready } = useTenant();
  const [audience, setAudience] = useState<MenuAudience>('client');
  const menu = useGetStaffMenuQuery({ tenant, audience }, { skip: !ready });
  const [replaceMenu, replacing] = useReplaceMenuMutation();
  const current = AUDIENCES.find((a) => a.value === audience)!;

  return (
    <ConsolePage
      title="Navigation menu"
      icon={<MenuOutlined />}
      description="The entries of each side menu: which page each opens, its name, and their order."
    >
      <Segmented<MenuAudience>
        value={audience}
        onChange={(value) => {
          replacing.reset();
          setAudience(value);
        }}
        options={AUDIENCES.map(({ value, label }) => ({ value, label }))}
        aria-label="Which menu"
      />
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{current.title}</h2>}>
        {menu.error ? (
          <QueryErrorAlert
            title="The menu could not be loaded"
            error={menu.error}
            onRetry={() => void menu.refetch()}
          />
        ) : !menu.currentData || menu.currentData.audience !== audience ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <MenuEditor
            key={audience}
            audience={audience}
            menu={menu.currentData}
            saving={replacing.isLoading}
            serverError={replacing.error ? describeQueryError(replacing.error) : undefined}
            onSave={(body) =>
              replaceMenu({ audience, body })
                .unwrap()
                .then(() =>
                  notify.success('Menu saved', `${current.title} shows the new entries when it next loads.`),
                )
                .catch(() => undefined)
            }
          />
        )}
      </Card>
    </ConsolePage>
  );
}
