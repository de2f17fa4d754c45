import type { SiteFileAreaSettings, UpdateSiteFileAreaSettingsBody } from '@portico/contracts';
import { Button, Checkbox, Flex, Popconfirm, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { FILE_AREA_SETTING_LABELS } from '../setting-labels.ts';
import { SETTING_GROUPS, type SiteDraft, siteChanges, siteDraftOf } from '../settings-changes.ts';
import { SettingGroupSection, SettingRow } from './setting-row.tsx';

/**
 * One site's settings: each flag follows the firm's default ("Use firm default", showing it) or is overridden
 * here with its own switch. Saving sends the changed overrides, null for a flag back on the default.
 */
export function SiteSettingsForm({
  settings,
  siteName,
  saving,
  onSave,
  onReset,
}: {
  settings: SiteFileAreaSettings;
  siteName: string;
  saving: boolean;
  onSave: (body: UpdateSiteFileAreaSettingsBody) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState<SiteDraft>(() => siteDraftOf(settings.overrides));
  useEffect(() => setDraft(siteDraftOf(settings.overrides)), [settings]);
  const changes = siteChanges(settings.overrides, draft);
  const overridden = Object.values(settings.overrides).some((v) => v !== undefined);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (changes) onSave(changes);
      }}
      aria-label={`Settings of ${siteName}`}
      data-testid="site-settings-form"
    >
      {SETTING_GROUPS.map((group) => (
        <SettingGroupSection key={group.title} group={group}>
          {group.keys.map((key) => {
            const own = draft[key];
            const followsDefault = own === null;
            const value = followsDefault ? settings.tenantDefaults[key] : own;
            return (
              <SettingRow key={key} settingKey={key} idPrefix="site">
                {(ids) => (
                  <>
                    <Checkbox
                      checked={followsDefault}
                      onChange={(event) =>
                        setDraft((d) => ({
                          ...d,
                          // Leaving the default starts from the default's value, so nothing changes by itself.
                          [key]: event.target.checked ? null : settings.tenantDefaults[key],
                        }))
                      }
                      aria-label={`Use firm default (${settings.tenantDefaults[key] ? 'on' : 'off'}) for ${FILE_AREA_SETTING_LABELS[key].label}`}
                      data-testid={`use-default-${key}`}
                    >
                      Use firm default ({settings.tenantDefaults[key] ? 'on' : 'off'})
                    </Checkbox>
                    <Flex align="center" gap={8}>
                      <Switch
                        id={ids.control}
                        checked={value}
                        disabled={followsDefault}
                        onChange={(checked) => setDraft((d) => ({ ...d, [key]: checked }))}
                        aria-describedby={ids.description}
                      />
                      <span aria-hidden style={{ minWidth: 24 }}>
                        {value ? 'On' : 'Off'}
                      </span>
                    </Flex>
                  </>
                )}
              </SettingRow>
            );
          })}
        </SettingGroupSection>
      ))}
      <Flex gap={12} wrap>
        <Button type="primary" htmlType="submit" disabled={!changes} loading={saving}>
          Save site settings
        </Button>
        <Button disabled={!changes || saving} onClick={() => setDraft(siteDraftOf(settings.overrides))}>
          Undo changes
        </Button>
        <Popconfirm
          title={`Use the firm's defaults for every flag of ${siteName}?`}
          okText="Use defaults"
          onConfirm={onReset}
        >
          <Button disabled={!overridden || saving}>Use firm defaults for all</Button>
        </Popconfirm>
      </Flex>
    </form>
  );
}
