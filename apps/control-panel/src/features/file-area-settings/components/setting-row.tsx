import type { FileAreaSettingKey } from '@portico/contracts';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FILE_AREA_SETTING_LABELS } from '../setting-labels.ts';

/** One flag: its human label and what it does on the left, its controls on the right (its key stays in the API). */
export function SettingRow({
  settingKey,
  idPrefix,
  children,
}: {
  settingKey: FileAreaSettingKey;
  idPrefix: string;
  children: (ids: { label: string; description: string; control: string }) => ReactNode;
}) {
  const { label, description } = FILE_AREA_SETTING_LABELS[settingKey];
  const ids = {
    label: `${idPrefix}-${settingKey}-label`,
    description: `${idPrefix}-${settingKey}-description`,
    control: `${idPrefix}-${settingKey}`,
  };
  return (
    <Flex
      justify="space-between"
      align="center"
      gap={16}
      wrap
      style={{ padding: '12px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}
      data-testid={`setting-${settingKey}`}
    >
      <div style={{ minWidth: 220, flex: '1 1 280px' }}>
        <label id={ids.label} htmlFor={ids.control} style={{ fontWeight: 600 }}>
          {label}
        </label>
        <Typography.Text id={ids.description} style={{ display: 'block', color: '#595959' }}>
          {description}
        </Typography.Text>
      </div>
      <Flex align="center" gap={16} wrap>
        {children(ids)}
      </Flex>
    </Flex>
  );
}

/** A group of flags under its heading; one not in use yet is folded away under a disclosure that says so. */
export function SettingGroupSection({
  group,
  children,
}: {
  group: { title: string; description: string; inUse: boolean; keys: readonly string[] };
  children: ReactNode;
}) {
  const description = <Typography.Text style={{ color: '#595959' }}>{group.description}</Typography.Text>;
  if (group.inUse)
    return (
      <section style={{ marginBottom: 24 }}>
        <Typography.Title level={3} style={{ fontSize: 15, marginBottom: 0 }}>
          {group.title}
        </Typography.Title>
        {description}
        {children}
      </section>
    );
  return (
    <details style={{ marginBottom: 24 }} data-testid="settings-not-in-use">
      <summary style={{ cursor: 'pointer', fontWeight: 600, fontSize: 15, padding: '4px 0' }}>
        {group.title} ({group.keys.length} settings for features to come)
      </summary>
      {description}
      {children}
    </details>
  );
}
