import type { FileAreaSettingKey } from '@portico/contracts';
import { Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FILE_AREA_SETTING_LABELS } from '../setting-labels.ts';

/** One flag: its human label and what it does on the left, its controls on the right. */
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
          {description} <Tag style={{ marginInlineStart: 4, fontFamily: 'monospace' }}>{settingKey}</Tag>
        </Typography.Text>
      </div>
      <Flex align="center" gap={16} wrap>
        {children(ids)}
      </Flex>
    </Flex>
  );
}
