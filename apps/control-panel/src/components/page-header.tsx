import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's heading (the one h1), what the page is for, and its main actions. */
export function PageHeader({
  title,
  icon,
  description,
  actions,
}: {
  title: string;
  icon?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap>
      <div style={{ minWidth: 0 }}>
        <Flex align="center" gap={12}>
          {icon ? (
            <span aria-hidden style={{ fontSize: 24, display: 'inline-flex' }}>
              {icon}
            </span>
          ) : null}
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {title}
          </Typography.Title>
        </Flex>
        {description ? (
          <Typography.Paragraph style={{ color: '#595959', margin: '4px 0 0' }}>
            {description}
          </Typography.Paragraph>
        ) : null}
      </div>
      {actions ? (
        <Flex gap={8} wrap>
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
