import { Alert, Button, ConfigProvider, Flex, Typography } from 'antd';

/** Start-up failed (bad /config.json, discovery unreachable, invalid issuer): say what, never a blank page. */
export function SetupErrorScreen({ message, details }: { message: string; details: string[] }) {
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#2F7F90' } }}>
      <Flex
        component="main"
        align="center"
        justify="center"
        style={{ minHeight: '100vh', padding: 16, boxSizing: 'border-box' }}
      >
        <Flex vertical gap={16} style={{ width: '100%', maxWidth: 640 }} data-testid="setup-error">
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            The portal cannot start
          </Typography.Title>
          <Alert
            type="error"
            showIcon
            role="alert"
            title={message}
            description={
              details.length > 0 ? (
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
          <Typography.Paragraph style={{ margin: 0 }}>
            This is a problem with how the portal is set up, not with your account. Please contact the system
            administrator.
          </Typography.Paragraph>
          <div>
            <Button type="primary" onClick={() => window.location.reload()}>
              Try again
            </Button>
          </div>
        </Flex>
      </Flex>
    </ConfigProvider>
  );
}
