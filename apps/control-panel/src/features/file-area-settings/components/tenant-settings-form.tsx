import type { FileAreaSettings, UpdateTenantFileAreaSettingsBody } from '@portico/contracts';
import { Button, Flex, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { SETTING_GROUPS, tenantChanges } from '../settings-changes.ts';
import { SettingGroupSection, SettingRow } from './setting-row.tsx';

/** The firm's defaults: one labelled switch per flag; saving sends only the flags that changed. */
export function TenantSettingsForm({
  settings,
  saving,
  onSave,
}: {
  settings: FileAreaSettings;
  saving: boolean;
  onSave: (body: UpdateTenantFileAreaSettingsBody) => void;
}) {
  const [draft, setDraft] = useState(settings);
  useEffect(() => setDraft(settings), [settings]);
  const changes = tenantChanges(settings, draft);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (changes) onSave(changes);
      }}
      aria-label="The firm's default settings"
      data-testid="tenant-settings-form"
    >
      {SETTING_GROUPS.map((group) => (
        <SettingGroupSection key={group.title} group={group}>
          {group.keys.map((key) => (
            <SettingRow key={key} settingKey={key} idPrefix="tenant">
              {(ids) => (
                <Flex align="center" gap={8}>
                  <Switch
                    id={ids.control}
                    checked={draft[key]}
                    onChange={(checked) => setDraft((d) => ({ ...d, [key]: checked }))}
                    aria-describedby={ids.description}
                  />
                  <span aria-hidden style={{ minWidth: 24 }}>
                    {draft[key] ? 'On' : 'Off'}
                  </span>
                </Flex>
              )}
            </SettingRow>
          ))}
        </SettingGroupSection>
      ))}
      <Flex gap={12} wrap>
        <Button type="primary" htmlType="submit" disabled={!changes} loading={saving}>
          Save defaults
        </Button>
        <Button disabled={!changes || saving} onClick={() => setDraft(settings)}>
          Undo changes
        </Button>
      </Flex>
    </form>
  );
}
