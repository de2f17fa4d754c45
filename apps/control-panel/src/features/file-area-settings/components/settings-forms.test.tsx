import {
  DEFAULT_FILE_AREA_SETTINGS,
  FILE_AREA_SETTING_KEYS,
  type FileAreaSettings,
  type SiteFileAreaSettings,
} from '@portico/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { FILE_AREA_SETTING_LABELS } from '../setting-labels.ts';
import { SETTING_GROUPS } from '../settings-changes.ts';
import { SiteSettingsForm } from './site-settings-form.tsx';
import { TenantSettingsForm } from './tenant-settings-form.tsx';

const defaults: FileAreaSettings = {
  ...DEFAULT_FILE_AREA_SETTINGS,
  portalFilesView: true,
  internalFilesDownload: true,
  internalFilesUpload: true,
};

const SITE = '00000000-0000-4000-8000-000000000001';

function siteSettings(overrides: SiteFileAreaSettings['overrides'] = {}): SiteFileAreaSettings {
  return {
    siteId: SITE,
    tenantDefaults: defaults,
    overrides,
    effective: { ...defaults, ...overrides },
    updatedAt: null,
  };
}

// By label rather than by role: the accessible-name walk over 26 rows is slow in jsdom.
const switchFor = (key: keyof typeof FILE_AREA_SETTING_LABELS) => {
  const control = screen.getByLabelText(FILE_AREA_SETTING_LABELS[key].label, { selector: 'button' });
  expect(control).toHaveAttribute('role', 'switch');
  return control;
};

describe('the firm defaults form', () => {
  test('shows every fileAreaSettings flag of SPEC §3 as a switch with its human label', () => {
    render(<TenantSettingsForm settings={defaults} saving={false} onSave={vi.fn()} />);
    expect(document.querySelectorAll('[role="switch"]')).toHaveLength(FILE_AREA_SETTING_KEYS.length);
    for (const key of FILE_AREA_SETTING_KEYS) {
      const control = switchFor(key);
      expect(control).toHaveAttribute('aria-checked', String(defaults[key]));
      // People's words only: the API's key is not shown.
      expect(within(screen.getByTestId(`setting-${key}`)).queryByText(key)).toBeNull();
    }
    // Every flag gates a feature (issue 27): nothing is folded away as "Not in use yet".
    expect(screen.queryByTestId('settings-not-in-use')).toBeNull();
    expect(screen.queryByText(/Not in use yet/)).toBeNull();
    expect(FILE_AREA_SETTING_KEYS.filter((k) => !FILE_AREA_SETTING_LABELS[k].enforced)).toEqual([]);
  });

  test('stands the switches in five groups by what they are about, each flag in one of them', () => {
    render(<TenantSettingsForm settings={defaults} saving={false} onSave={vi.fn()} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Seeing and sending files',
      'Organising files',
      'Working on files',
      'Sharing and mail',
      'History and details',
    ]);
    const grouped = SETTING_GROUPS.flatMap((group) => group.keys);
    expect([...grouped].sort()).toEqual([...FILE_AREA_SETTING_KEYS].sort());
    // The first group is what a client sees at all: seeing the files comes before what they may do with them.
    expect(SETTING_GROUPS[0]?.keys[0]).toBe('portalFilesView');
  });

  test('saves only the flags that changed', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<TenantSettingsForm settings={defaults} saving={false} onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save defaults' });
    expect(save).toBeDisabled();

    await user.click(switchFor('internalFilesDownload'));
    await user.click(switchFor('fileAreaManageTags'));
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith({ internalFilesDownload: false, fileAreaManageTags: true });
  });
});

describe('the per-site form', () => {
  test('a flag on the firm default shows the default and cannot be switched until overridden', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(
      <SiteSettingsForm
        settings={siteSettings()}
        siteName="Bob's Bakery Ltd"
        saving={false}
        onSave={onSave}
        onReset={vi.fn()}
      />,
    );
    const download = switchFor('internalFilesDownload');
    expect(download).toBeDisabled();
    expect(download).toHaveAttribute('aria-checked', 'true');

    // Leaving the default keeps its value, then the switch turns the flag off for this site only.
    await user.click(screen.getByLabelText('Use firm default (on) for Download files'));
    expect(download).toBeEnabled();
    expect(download).toHaveAttribute('aria-checked', 'true');
    await user.click(download);
    await user.click(screen.getByRole('button', { name: 'Save site settings' }));
    expect(onSave).toHaveBeenCalledWith({ internalFilesDownload: false });
  });

  test('"Use firm default" on an overridden flag sends null, which clears the override', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(
      <SiteSettingsForm
        settings={siteSettings({ internalFilesDownload: false })}
        siteName="Bob's Bakery Ltd"
        saving={false}
        onSave={onSave}
        onReset={vi.fn()}
      />,
    );
    expect(switchFor('internalFilesDownload')).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByTestId('use-default-internalFilesDownload'));
    expect(switchFor('internalFilesDownload')).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('button', { name: 'Save site settings' }));
    expect(onSave).toHaveBeenCalledWith({ internalFilesDownload: null });
  });
});
