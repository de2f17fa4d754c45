import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

describe('the V8 settings the server runs with', () => {
  it('are the ones `npm start` and `npm run dev` pass to node', async () => {
    const manifest = JSON.parse(
      await readFile(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    for (const script of ['start', 'dev']) {
      const command = manifest.scripts[script] ?? '';
      // The words between `exec node` and the entry point, but for --watch (a development convenience).
      const words = command.slice(command.indexOf('exec node ') + 'exec node '.length).split(/\s+/);
      const flags = words.filter((word) => word.startsWith('--') && word !== '--watch');
      expect(flags, `package.json scripts.${script}`).toEqual([...SERVER_NODE_FLAGS]);
    }
  });
});
