import { SettingOutlined } from '@ant-design/icons';
import { describeQueryError, notify, QueryErrorAlert, type TabItem, Tabs } from '@portico/web-shell';
import { Card, Flex, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConsolePage } from '../../../components/console-page.tsx';
import { ScannerNotice } from '../../../components/scanner-notice.tsx';
import { SiteSelect } from '../../../components/site-select.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { CategoriesEditor } from '../../classification/categories-editor.tsx';
import { StatusesEditor } from '../../classification/statuses-editor.tsx';
import { TagsEditor } from '../../classification/tags-editor.tsx';
import {
  useGetSiteFileAreaSettingsQuery,
  useGetTenantFileAreaSettingsQuery,
  useResetSiteFileAreaSettingsMutation,
  useUpdateSiteFileAreaSettingsMutation,
  useUpdateTenantFileAreaSettingsMutation,
} from '../api/file-area-settings.ts';
import { SiteSettingsForm } from './site-settings-form.tsx';
import { TenantSettingsForm } from './tenant-settings-form.tsx';
import { TwoStepPolicyCard } from './two-step-policy-card.tsx';

type Scope = 'tenant' | 'site';

function TenantDefaults() {
  const { tenant, ready } = useTenant();
  const settings = useGetTenantFileAreaSettingsQuery({ tenant }, { skip: !ready });
  const [update, updating] = useUpdateTenantFileAreaSettingsMutation();
  if (settings.error)
    return (
      <QueryErrorAlert
        title="The settings could not be loaded"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  if (!settings.currentData) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <TenantSettingsForm
      settings={settings.currentData.settings}
      saving={updating.isLoading}
      onSave={(body) =>
        update(body)
          .unwrap()
          .then(() => notify.success('Defaults saved', 'Every site that follows the defaults uses them now.'))
          .catch((error: unknown) =>
            notify.error('The defaults could not be saved', describeQueryError(error)),
          )
      }
    />
  );
}

function SiteOverrides() {
  const { tenant, ready } = useTenant();
  const [site, setSite] = useState<{ id: string; name: string } | undefined>();
  const settings = useGetSiteFileAreaSettingsQuery(
    { tenant, siteId: site?.id ?? '' },
    { skip: !ready || !site },
  );
  const [update, updating] = useUpdateSiteFileAreaSettingsMutation();
  const [reset, resetting] = useResetSiteFileAreaSettingsMutation();
  const failed = (error: unknown) =>
    notify.error('The site settings could not be saved', describeQueryError(error));

  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={8}>
        <label htmlFor="settings-site">Site</label>
        <SiteSelect
          id="settings-site"
          includeArchived
          value={site?.id}
          onChange={(id, name) => setSite(id ? { id, name: name ?? '' } : undefined)}
        />
      </Flex>
      {!site ? (
        <Typography.Text style={{ color: '#595959' }}>
          Choose a site to see and override its settings.
        </Typography.Text>
      ) : settings.error ? (
        <QueryErrorAlert
          title="The site's settings could not be loaded"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : !settings.currentData || settings.currentData.siteId !== site.id ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <SiteSettingsForm
          settings={settings.currentData}
          siteName={site.name}
          saving={updating.isLoading || resetting.isLoading}
          onSave={(body) =>
            update({ siteId: site.id, body })
              .unwrap()
              .then(() =>
                notify.success('Site settings saved', `${site.name}'s clients see the change at once.`),
              )
              .catch(failed)
          }
          onReset={() =>
            reset({ siteId: site.id })
              .unwrap()
              .then(() =>
                notify.success('Defaults restored', `${site.name} follows the firm's defaults again.`),
              )
              .catch(failed)
          }
        />
      )}
    </Flex>
  );
}

/** The page's parts, one tab each; the open one is kept in the address (`?tab=`), so a reload and a link keep it. */
const TABS = [
  { key: 'clients', label: 'What clients may do' },
  { key: 'statuses', label: 'Statuses' },
  { key: 'tags', label: 'Tags' },
  { key: 'categories', label: 'Categories' },
  { key: 'sign-in', label: 'Sign-in' },
] as const satisfies readonly TabItem<string>[];
type Tab = (typeof TABS)[number]['key'];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.key === value);

function ClientPermissions() {
  const [scope, setScope] = useState<Scope>('tenant');
  return (
    <Flex vertical gap={16}>
      <Segmented<Scope>
        value={scope}
        onChange={setScope}
        options={[
          { value: 'tenant', label: 'Firm defaults' },
          { value: 'site', label: 'Per site' },
        ]}
        aria-label="Which settings"
        style={{ alignSelf: 'flex-start' }}
      />
      <Card
        title={
          <h2 style={{ fontSize: 16, margin: 0 }}>{scope === 'tenant' ? 'Firm defaults' : 'Per site'}</h2>
        }
      >
        {scope === 'tenant' ? <TenantDefaults /> : <SiteOverrides />}
      </Card>
    </Flex>
  );
}

/**
 * `/file-area-settings`: every fileAreaSettings flag (the firm's defaults and per-site overrides), the firm's
 * statuses, tags and categories, and the sign-in policy, one tab each: on one page they were 250 Tab stops. A tab
 * once opened stays mounted, so edits not saved yet survive a look at another tab. Changing tab replaces the
 * address rather than adding to the history: the arrow keys open tabs as they move, and Back leaves the page.
 */
export default function FileAreaSettingsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'clients';
  return (
    <ConsolePage
      title="File-area settings"
      icon={<SettingOutlined />}
      description="What clients may do with the files of a site (sites follow the firm's defaults unless you override a flag for one), the firm's statuses, tags and categories, and its sign-in policy."
    >
      <ScannerNotice showOff />
      <Tabs
        label="Settings"
        items={TABS}
        active={tab}
        keepMounted
        className="portico-stack"
        onChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'clients') next.delete('tab');
          else next.set('tab', key);
          setParams(next, { replace: true });
        }}
      >
        {(key) =>
          key === 'clients' ? (
            <ClientPermissions />
          ) : key === 'statuses' ? (
            <StatusesEditor />
          ) : key === 'tags' ? (
            <TagsEditor />
          ) : key === 'categories' ? (
            <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Categories (document types)</h2>}>
              <CategoriesEditor />
            </Card>
          ) : (
            <TwoStepPolicyCard />
          )
        }
      </Tabs>
    </ConsolePage>
  );
}
