import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { act } from 'react';
import { afterAll, afterEach, vi } from 'vitest';
import { clearNotifications } from '../lib/notifications.tsx';

// jsdom has no layout: antd's responsive parts (Grid, Layout.Sider) ask matchMedia, some parts ResizeObserver.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// The files of a worker share one jsdom and their modules (vitest.config.ts): each test leaves nothing behind in
// the document, the storages or the shell's notifications.
afterEach(() => {
  cleanup();
  act(() => clearNotifications());
  localStorage.clear();
  sessionStorage.clear();
});

// React's scheduler runs work left after a file's last test (the unmounts of its clean-up) on setImmediate. If that
// runs after Vitest has torn the file's jsdom down, React reads `window` and throws "window is not defined": an
// unhandled error that fails the whole run, seen on busy runners only. A few turns of the event loop let it finish
// while the window is still there.
afterAll(async () => {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
});
