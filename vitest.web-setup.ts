import { afterAll } from 'vitest';

// React's scheduler runs work left after a file's last test (the unmounts of its clean-up) on setImmediate. If that
// runs after Vitest has torn the file's jsdom down, React reads `window` and throws "window is not defined": an
// unhandled error that fails the whole run, seen on busy runners only. A few turns of the event loop let it finish
// while the window is still there.
afterAll(async () => {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
});
