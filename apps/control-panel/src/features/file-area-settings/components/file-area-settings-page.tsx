import { SettingOutlined } from '@ant-design/icons';
import { describeQueryError, notify, QueryErrorAlert } from '@portico/web-shell';
import { Card, Flex, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
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

/** `/file-area-settings`: every fileAreaSettings flag, for the firm's defaults and per-site overrides. */
export default function FileAreaSettingsPage() {
  const [scope, setScope] = useState<Scope>('tenant');
  return (
    <ConsolePage
      title="File-area settings"
      icon={<SettingOutlined />}
      description="What clients may do with the files of a site. Sites follow the firm's defaults unless you override a flag for one site."
    >
      <ScannerNotice showOff />
      <Segmented<Scope>
        value={scope}
        onChange={setScope}
        options={[
          { value: 'tenant', label: 'Firm defaults' },
          { value: 'site', label: 'Per site' },
        ]}
        aria-label="Which settings"
      />
      <Card
        title={
          <h2 style={{ fontSize: 16, margin: 0 }}>{scope === 'tenant' ? 'Firm defaults' : 'Per site'}</h2>
        }
      >
        {scope === 'tenant' ? <TenantDefaults /> : <SiteOverrides />}
      </Card>
      {scope === 'tenant' ? <StatusesEditor /> : null}
      {scope === 'tenant' ? <TagsEditor /> : null}
      {scope === 'tenant' ? (
        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Categories (document types)</h2>}>
          <CategoriesEditor />
        </Card>
      ) : null}
      <TwoStepPolicyCard />
    </ConsolePage>
  );
}
