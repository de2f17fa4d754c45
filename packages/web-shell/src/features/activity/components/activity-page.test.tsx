import { describe, expect, it } from 'vitest';
import { activityLabel } from './activity-bell.tsx';
import { inAppPath } from './activity-page.tsx';

describe('the activity feed in the front ends', () => {
  it("routes a link of this app in-app and leaves another app's to the browser", () => {
    expect(inAppPath('/publishedFiles?site=s&tenant=acme', '/')).toBe('/publishedFiles?site=s&tenant=acme');
    expect(inAppPath('/control-panel/submissions?siteId=s', '/')).toBeUndefined();
    expect(inAppPath('/control-panel/submissions?siteId=s', '/control-panel/')).toBe('/submissions?siteId=s');
    expect(inAppPath('/control-panel/quarantine', '/control-panel')).toBe('/quarantine');
    expect(inAppPath('/publishedFiles', '/control-panel/')).toBeUndefined();
  });

  it('says the unread count in words', () => {
    expect(activityLabel(0)).toBe('Activity, nothing new');
    expect(activityLabel(3)).toBe('Activity, 3 unread');
  });
});
