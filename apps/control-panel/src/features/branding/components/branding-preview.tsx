import { FileAddOutlined, FileDoneOutlined, HomeOutlined, UserOutlined } from '@ant-design/icons';
import { brandingFrom, readableTextOn, themeConfigFor } from '@portico/web-shell';
import { useMemo } from 'react';

export interface PreviewValues {
  displayName: string;
  logo: string;
  /** Hex without `#`. */
  primaryColor: string;
  secondaryColor: string;
  tertiaryColor: string;
}

/**
 * A miniature of the portal's header and side menu in the colours being edited, drawn with the shell's own
 * branding rules (text colours that read on the firm's colours, the selected item's colour). Nothing in it can
 * be focused or clicked: it is a picture, described for screen readers.
 */
export function BrandingPreview({ values }: { values: PreviewValues }) {
  const branding = useMemo(
    () =>
      brandingFrom(
        {
          tenantCode: 'preview',
          displayName: values.displayName,
          logo: values.logo,
          icon: '',
          primaryColor: values.primaryColor,
          secondaryColor: values.secondaryColor,
          tertiaryColor: values.tertiaryColor,
        },
        null,
        values.displayName,
      ),
    [values],
  );
  const menu = themeConfigFor(branding).components?.Menu ?? {};
  const selectedBg = String(menu.itemSelectedBg ?? branding.primary);
  const selectedColor = String(menu.itemSelectedColor ?? readableTextOn(selectedBg));
  const item = {
    display: 'flex',
    alignItems: 'center',
    gap: 10,
    padding: '8px 12px',
    borderRadius: 6,
  } as const;

  return (
    <figure className="cp-preview" style={{ margin: 0 }} data-testid="branding-preview">
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          minHeight: 56,
          padding: '0 16px',
          background: branding.primary,
          color: branding.onPrimary,
          borderBottom: `5px solid ${branding.secondary}`,
        }}
        data-testid="branding-preview-header"
      >
        {branding.logo ? (
          <img src={branding.logo} alt="" style={{ maxHeight: 32, maxWidth: 96, objectFit: 'contain' }} />
        ) : null}
        <span
          style={{
            fontWeight: 600,
            fontSize: 16,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {branding.name}
        </span>
        <span style={{ marginInlineStart: 'auto', display: 'inline-flex', gap: 6, alignItems: 'center' }}>
          <UserOutlined aria-hidden /> A client
        </span>
      </div>
      <div style={{ display: 'flex', minHeight: 150 }}>
        <div
          style={{
            width: 190,
            flex: 'none',
            background: branding.tertiary,
            color: branding.onTertiary,
            padding: 8,
          }}
          data-testid="branding-preview-menu"
        >
          <div style={{ ...item, background: selectedBg, color: selectedColor }}>
            <FileAddOutlined aria-hidden /> Submitted Files
          </div>
          <div style={item}>
            <FileDoneOutlined aria-hidden /> Published Files
            <span
              style={{
                marginInlineStart: 'auto',
                minWidth: 20,
                padding: '0 6px',
                borderRadius: 10,
                fontSize: 12,
                textAlign: 'center',
                background: branding.secondary,
                color: readableTextOn(branding.secondary),
              }}
            >
              3
            </span>
          </div>
        </div>
        <div style={{ flex: 1, minWidth: 0, background: '#F5F7F8', padding: 12, color: '#1F1F1F' }}>
          <div style={{ display: 'flex', gap: 6, alignItems: 'center', fontSize: 13 }}>
            <HomeOutlined aria-hidden style={{ color: '#2F7F90' }} /> / Submitted Files
          </div>
          <div style={{ marginTop: 12, background: '#FFFFFF', borderRadius: 6, padding: 12 }}>
            <span
              style={{
                display: 'inline-block',
                padding: '4px 12px',
                borderRadius: 6,
                background: branding.accent,
                color: readableTextOn(branding.accent),
              }}
            >
              Upload files
            </span>
          </div>
        </div>
      </div>
      <figcaption style={{ padding: '8px 12px', color: '#595959', fontSize: 12 }}>
        Preview: the portal's header and side menu as clients will see them.
      </figcaption>
    </figure>
  );
}
