import { BgColorsOutlined, SaveOutlined } from '@ant-design/icons';
import type { Branding as FirmBranding, UpdateBrandingBody } from '@portico/contracts';
import { describeQueryError, formatDateTime, isErrorBody, notify, QueryErrorAlert } from '@portico/web-shell';
import { Button, Card, Col, Flex, Form, Input, Row, Skeleton } from 'antd';
import { useEffect, useMemo } from 'react';
import { ConsolePage } from '../../../components/console-page.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useGetBrandingQuery, useUpdateBrandingMutation } from '../api/branding.ts';
import {
  colorProblem,
  DISPLAY_NAME_MAX,
  displayNameProblem,
  normaliseHexColor,
} from '../branding-validation.ts';
import { BrandingPreview } from './branding-preview.tsx';
import { ColorField } from './color-field.tsx';
import { ImageField } from './image-field.tsx';

export interface BrandingFormValues {
  displayName: string;
  logo: string;
  icon: string;
  primaryColor: string;
  secondaryColor: string;
  tertiaryColor: string;
}

const COLOR_FIELDS = [
  ['primaryColor', 'Primary colour', 'The header and buttons.'],
  ['secondaryColor', 'Secondary colour', "The header's lower border and the count badges."],
  ['tertiaryColor', 'Tertiary colour', 'The side menu.'],
] as const;

const formValuesOf = (saved: FirmBranding): BrandingFormValues => ({
  displayName: saved.displayName,
  logo: saved.logo,
  icon: saved.icon,
  primaryColor: `#${saved.primaryColor.toUpperCase()}`,
  secondaryColor: `#${saved.secondaryColor.toUpperCase()}`,
  tertiaryColor: `#${saved.tertiaryColor.toUpperCase()}`,
});

/** Only what differs from what is saved: the server changes only what is sent. */
export function brandingChanges(values: BrandingFormValues, saved: FirmBranding): UpdateBrandingBody {
  const body: UpdateBrandingBody = {};
  const name = values.displayName.trim();
  if (name !== saved.displayName) body.displayName = name;
  if (values.logo && values.logo !== saved.logo) body.logo = values.logo;
  if (values.icon && values.icon !== saved.icon) body.icon = values.icon;
  for (const [field] of COLOR_FIELDS) {
    const hex = normaliseHexColor(values[field]);
    if (hex && hex !== saved[field].toUpperCase()) body[field] = hex;
  }
  return body;
}

/** Which field a refusal of the server is about, from its details or its code and message. */
function fieldOfServerError(error: unknown): keyof BrandingFormValues | undefined {
  const data = (error as { data?: unknown } | undefined)?.data;
  if (!isErrorBody(data)) return undefined;
  const path = data.error.details?.[0]?.path.replace(/^\//, '');
  if (
    path &&
    ['displayName', 'logo', 'icon', 'primaryColor', 'secondaryColor', 'tertiaryColor'].includes(path)
  )
    return path as keyof BrandingFormValues;
  if (data.error.code.startsWith('branding.')) return /\bicon\b/i.test(data.error.message) ? 'icon' : 'logo';
  return undefined;
}

const validator = (problemOf: (value: string) => string | undefined) => ({
  validator: (_rule: unknown, value: string) => {
    const problem = problemOf(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

/** `/branding`: the firm's name, logo, icon and colours, with a live preview; saved for every client at once. */
export default function BrandingPage() {
  const { tenant, ready } = useTenant();
  const branding = useGetBrandingQuery({ tenant }, { skip: !ready });
  const [updateBranding, saving] = useUpdateBrandingMutation();
  const [form] = Form.useForm<BrandingFormValues>();
  const saved = branding.currentData;

  useEffect(() => {
    if (saved) form.setFieldsValue(formValuesOf(saved));
  }, [saved, form]);

  const watched = Form.useWatch([], form) as Partial<BrandingFormValues> | undefined;
  const preview = useMemo(() => {
    const pick = (field: (typeof COLOR_FIELDS)[number][0]) =>
      normaliseHexColor(watched?.[field]) ?? saved?.[field] ?? '';
    return {
      displayName: watched?.displayName?.trim() || saved?.displayName || '',
      logo: watched?.logo ?? saved?.logo ?? '',
      primaryColor: pick('primaryColor'),
      secondaryColor: pick('secondaryColor'),
      tertiaryColor: pick('tertiaryColor'),
    };
  }, [watched, saved]);
  const changes = saved && watched ? brandingChanges({ ...formValuesOf(saved), ...watched }, saved) : {};
  const dirty = Object.keys(changes).length > 0;

  const save = async (values: BrandingFormValues) => {
    if (!saved) return;
    const body = brandingChanges(values, saved);
    if (Object.keys(body).length === 0) return;
    try {
      await updateBranding(body).unwrap();
      notify.success('Branding saved', 'Clients see the new branding the next time they open the portal.');
    } catch (error) {
      const field = fieldOfServerError(error);
      if (field) form.setFields([{ name: field, errors: [describeQueryError(error)] }]);
    }
  };

  if (branding.error)
    return (
      <ConsolePage title="Branding" icon={<BgColorsOutlined />}>
        <QueryErrorAlert
          title="The branding could not be loaded"
          error={branding.error}
          onRetry={() => void branding.refetch()}
        />
      </ConsolePage>
    );

  return (
    <ConsolePage
      title="Branding"
      icon={<BgColorsOutlined />}
      description="How the portal looks to your clients: your firm's name, logo, icon and colours."
    >
      {!saved ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={13}>
            <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Your firm</h2>}>
              <Form<BrandingFormValues>
                form={form}
                name="branding"
                layout="vertical"
                onFinish={save}
                initialValues={formValuesOf(saved)}
                data-testid="branding-form"
              >
                <Form.Item
                  name="displayName"
                  label="Display name"
                  rules={[validator((v) => displayNameProblem(v))]}
                >
                  <Input maxLength={DISPLAY_NAME_MAX} autoComplete="organization" />
                </Form.Item>
                <Form.Item name="logo" label="Logo" extra="Shown in the header, 40 pixels high.">
                  <ImageField
                    kind="logo"
                    onProblem={(problem) =>
                      form.setFields([{ name: 'logo', errors: problem ? [problem] : [] }])
                    }
                  />
                </Form.Item>
                <Form.Item name="icon" label="Icon" extra="The browser tab's icon and the tenant list.">
                  <ImageField
                    kind="icon"
                    onProblem={(problem) =>
                      form.setFields([{ name: 'icon', errors: problem ? [problem] : [] }])
                    }
                  />
                </Form.Item>
                <Row gutter={16}>
                  {COLOR_FIELDS.map(([field, label, extra]) => (
                    <Col xs={24} md={8} key={field}>
                      <Form.Item
                        name={field}
                        label={label}
                        extra={extra}
                        rules={[validator((v) => colorProblem(v))]}
                      >
                        <ColorField label={label} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
                {saving.error && !fieldOfServerError(saving.error) ? (
                  <QueryErrorAlert
                    style={{ marginBottom: 16 }}
                    title="The branding could not be saved"
                    error={saving.error}
                  />
                ) : null}
                <Flex gap={12} wrap align="center">
                  <Button
                    type="primary"
                    htmlType="submit"
                    icon={<SaveOutlined aria-hidden />}
                    loading={saving.isLoading}
                    disabled={!dirty}
                    data-testid="save-branding"
                  >
                    Save branding
                  </Button>
                  <Button
                    disabled={!dirty || saving.isLoading}
                    onClick={() => form.setFieldsValue(formValuesOf(saved))}
                  >
                    Undo changes
                  </Button>
                  <span style={{ color: '#595959' }}>Last saved {formatDateTime(saved.updatedAt)} UTC</span>
                </Flex>
              </Form>
            </Card>
          </Col>
          <Col xs={24} xl={11}>
            <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Preview</h2>}>
              <BrandingPreview values={preview} />
            </Card>
          </Col>
        </Row>
      )}
    </ConsolePage>
  );
}
