import { describe, expect, test } from 'vitest';
import { brandingFrom, DEFAULT_COLORS, themeConfigFor } from './branding.ts';
import { contrastRatio } from './colors.ts';

const theme = {
  tenantCode: 'acme',
  displayName: 'Acme Accounting',
  logo: 'data:image/svg+xml;base64,PHN2Zy8+',
  icon: 'data:image/png;base64,iVBOR',
  primaryColor: '1F4E79',
  secondaryColor: 'F2A900',
  tertiaryColor: 'E8F1F8',
};

describe('branding', () => {
  test("the theme's colours (hex without #) become CSS colours and antd tokens", () => {
    const branding = brandingFrom(theme, null, 'Portico');
    expect(branding).toMatchObject({
      name: 'Acme Accounting',
      primary: '#1F4E79',
      secondary: '#F2A900',
      tertiary: '#E8F1F8',
    });
    const config = themeConfigFor(branding);
    expect(config.token?.colorPrimary).toBe('#1F4E79');
    expect(config.components?.Layout?.headerBg).toBe('#1F4E79');
    expect(config.components?.Layout?.siderBg).toBe('#E8F1F8');
  });

  test('the tenant icon from the context is the favicon', () => {
    const context = { tenantCode: 'acme', tenantDisplayName: 'Acme', tenantIcon: 'iVBORw0KGgo' };
    expect(brandingFrom(undefined, context, 'Portico').icon).toBe('data:image/png;base64,iVBORw0KGgo');
  });

  test('without a theme, Portico colours; bad colours fall back', () => {
    expect(brandingFrom(undefined, null, 'Portico')).toMatchObject({
      name: 'Portico',
      primary: DEFAULT_COLORS.primary,
    });
    expect(brandingFrom({ ...theme, primaryColor: 'zzz' }, null, 'P').primary).toBe(DEFAULT_COLORS.primary);
  });

  test('text stays readable on any tenant colour', () => {
    for (const primaryColor of ['FFF59D', '1F4E79', '2EC4B6', '000000']) {
      const branding = brandingFrom({ ...theme, primaryColor }, null, 'P');
      expect(contrastRatio(branding.onPrimary, branding.primary)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(branding.accent, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
