import type { TenantContext, Theme } from '@portico/contracts';
import type { ThemeConfig } from 'antd';
import { legibleOn, mix, readableTextOn, toCssColor } from './colors.ts';

/** Portico's own colours, used before a tenant's theme is known. */
export const DEFAULT_COLORS = { primary: '#2F7F90', secondary: '#F2A900', tertiary: '#EEF5F6' } as const;

/** The breadcrumb's home icon colour (SPEC §2, §9). */
export const BREADCRUMB_HOME_COLOR = '#2F7F90';

/** A tenant's branding, made safe to use: colours as CSS, text colours that read on them. */
export interface Branding {
  name: string;
  logo?: string;
  /** The tenant icon as a data: URL, for the favicon. */
  icon?: string;
  primary: string;
  secondary: string;
  tertiary: string;
  /** Text on the primary colour (the header). */
  onPrimary: string;
  /** Text on the tertiary colour (the side menu). */
  onTertiary: string;
  /** The primary colour where it is used for text or white-on-colour buttons: darkened if it would not read. */
  accent: string;
}

const dataUrl = (value: string | undefined, type: string) =>
  !value ? undefined : value.startsWith('data:') ? value : `data:${type};base64,${value}`;

/** Theme colours (hex without `#`) from master data, name and icon from the tenant context (SPEC §3). */
export function brandingFrom(
  theme: Theme | undefined,
  context: TenantContext | null,
  fallbackName: string,
): Branding {
  const primary = toCssColor(theme?.primaryColor, DEFAULT_COLORS.primary);
  const secondary = toCssColor(theme?.secondaryColor, DEFAULT_COLORS.secondary);
  const tertiary = toCssColor(theme?.tertiaryColor, DEFAULT_COLORS.tertiary);
  const icon = dataUrl(context?.tenantIcon, 'image/png') ?? theme?.icon;
  const logo = theme?.logo;
  return {
    name: theme?.displayName || context?.tenantDisplayName || fallbackName,
    ...(logo ? { logo } : {}),
    ...(icon ? { icon } : {}),
    primary,
    secondary,
    tertiary,
    onPrimary: readableTextOn(primary),
    onTertiary: readableTextOn(tertiary),
    accent: legibleOn(primary, '#FFFFFF'),
  };
}

/**
 * The branding as the custom properties Portico's own controls read (ui/ui.css): header, menu, buttons and links
 * in the tenant's colours, each with a text colour that reads on it.
 */
export function brandingCssVariables(branding: Branding): Record<`--portico-${string}`, string> {
  const selected = menuSelectedColor(branding);
  return {
    '--portico-primary': branding.primary,
    '--portico-on-primary': branding.onPrimary,
    '--portico-secondary': branding.secondary,
    '--portico-on-secondary': readableTextOn(branding.secondary),
    '--portico-tertiary': branding.tertiary,
    '--portico-on-tertiary': branding.onTertiary,
    '--portico-accent': branding.accent,
    '--portico-on-accent': readableTextOn(branding.accent),
    '--portico-menu-selected': selected,
    '--portico-on-menu-selected': readableTextOn(selected),
    '--portico-menu-hover': mix(branding.tertiary, branding.primary, 0.12),
  };
}

/** The selected menu entry's background: the primary colour where it stands out from the menu, else the accent. */
function menuSelectedColor(branding: Branding): string {
  return legibleOn(branding.primary, branding.tertiary) === branding.primary
    ? branding.primary
    : branding.accent;
}

/** The branding as antd theme tokens: buttons, links and focus in the tenant's colour, header and menu too. */
export function themeConfigFor(branding: Branding): ThemeConfig {
  const selectedBg = menuSelectedColor(branding);
  return {
    cssVar: { key: 'portico' },
    token: {
      colorPrimary: branding.accent,
      colorLink: branding.accent,
      colorInfo: branding.accent,
      borderRadius: 6,
      // antd's lighter greys (0.45 alpha) miss the 4.5:1 contrast of WCAG AA on white; these reach it.
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
      // antd's select placeholder is real text (not ::placeholder), so it must read too.
      colorTextPlaceholder: '#6E6E6E',
      // antd's default error red (#FF4D4F) reads at 3.3:1 on white, below WCAG AA for the text of danger buttons;
      // this red reads at 5.6:1.
      colorError: '#CF1322',
      fontFamily:
        "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    },
    components: {
      Layout: {
        headerBg: branding.primary,
        headerColor: branding.onPrimary,
        headerHeight: 64,
        headerPadding: '0 16px',
        siderBg: branding.tertiary,
        bodyBg: '#F5F7F8',
        triggerBg: branding.primary,
      },
      Menu: {
        itemBg: branding.tertiary,
        subMenuItemBg: mix(branding.tertiary, '#000000', 0.03),
        itemColor: branding.onTertiary,
        itemHoverColor: branding.onTertiary,
        itemHoverBg: mix(branding.tertiary, branding.primary, 0.12),
        itemSelectedBg: selectedBg,
        itemSelectedColor: readableTextOn(selectedBg),
        itemActiveBg: mix(branding.tertiary, branding.primary, 0.2),
        itemDisabledColor: mix(branding.onTertiary, branding.tertiary, 0.3),
        itemMarginInline: 8,
        iconSize: 18,
        collapsedIconSize: 18,
      },
      Breadcrumb: {
        linkColor: '#3D3D3D',
        separatorColor: '#595959',
        itemColor: '#3D3D3D',
        lastItemColor: '#1F1F1F',
      },
    },
  };
}
