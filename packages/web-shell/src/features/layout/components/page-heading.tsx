import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface PageHeadingProps {
  /** The page's icon (as in the menu), drawn `aria-hidden`. */
  icon: ReactNode;
  title: ReactNode;
  /** One line under the title: what the page is for. */
  description?: ReactNode;
  /** Buttons beside the title, wrapping under it on a phone. */
  actions?: ReactNode;
}

/** The heading of a page of the shell's own or of the portal: icon and h1, a line of explanation, actions. */
export function PageHeading({ icon, title, description, actions }: PageHeadingProps) {
  const heading = (
    <div>
      <Flex align="center" gap={12} wrap>
        <span aria-hidden style={{ fontSize: 24, display: 'inline-flex' }}>
          {icon}
        </span>
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
  );
  if (!actions) return heading;
  return (
    <Flex align="center" justify="space-between" wrap gap={12}>
      {heading}
      {actions}
    </Flex>
  );
}
