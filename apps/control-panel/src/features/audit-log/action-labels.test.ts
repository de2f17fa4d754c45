import { describe, expect, it } from 'vitest';
import { auditActionLabel, summariseDetail } from './action-labels.ts';

describe('the audit log in words', () => {
  it('names a changed setting as the settings page does, with what it went from and to', () => {
    expect(
      summariseDetail({
        scope: 'site',
        changes: {
          internalFilesDownload: { from: true, to: false },
          internalFilesUpload: { from: null, to: true },
        },
      }),
    ).toBe('Download files: on → off · Upload files: the firm’s default → on · scope: site');
    // A key the page does not know (an older or newer server) stays readable as itself.
    expect(summariseDetail({ changes: { somethingNew: { from: false, to: true } } })).toBe(
      'somethingNew: off → on',
    );
  });

  it('says every action in words, and an unknown one as it is', () => {
    expect(auditActionLabel('file.download')).toBe('Downloaded');
    expect(auditActionLabel('file.teleport')).toBe('file.teleport');
  });
});
