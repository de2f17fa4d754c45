import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page of the console: its heading (the one h1), what the page is for, its main actions, then its content. */
export function ConsolePage({
  title,
  icon,
  description,
  actions,
  children,
}: {
  title: string;
  icon?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Flex vertical gap={24}>
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
      {children}
    </Flex>
  );
}
