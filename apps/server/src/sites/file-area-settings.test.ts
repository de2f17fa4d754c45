import { DEFAULT_FILE_AREA_SETTINGS } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { effectiveFileAreaSettings } from './file-area-settings.ts';

describe('effectiveFileAreaSettings', () => {
  it('is every flag false without layers', () => {
    expect(effectiveFileAreaSettings()).toEqual(DEFAULT_FILE_AREA_SETTINGS);
    expect(effectiveFileAreaSettings(null, undefined)).toEqual(DEFAULT_FILE_AREA_SETTINGS);
  });

  it('lets a later layer override only the flags it names', () => {
    const settings = effectiveFileAreaSettings(
      { portalFilesView: true, internalFilesDelete: true },
      { internalFilesDelete: false, urlFileUpload: true },
    );
    expect(settings).toEqual({
      ...DEFAULT_FILE_AREA_SETTINGS,
      portalFilesView: true,
      urlFileUpload: true,
    });
  });

  it('ignores values that are not booleans and keys that are not flags', () => {
    const settings = effectiveFileAreaSettings(
      { portalFilesView: true },
      {
        portalFilesView: 'false',
        internalFilesDelete: 1,
        __proto__: { internalFilesView: true },
        admin: true,
      },
    );
    expect(settings).toEqual({ ...DEFAULT_FILE_AREA_SETTINGS, portalFilesView: true });
    expect(settings).not.toHaveProperty('admin');
  });
});
