import { parseConfig } from '../../apps/server/src/config.ts';
import { startServer } from '../../apps/server/src/main.ts';

/**
 * The real server in a process of its own, as `npm start` runs it (configuration from the environment: PGlite in
 * DATA_DIR, or the bench's throwaway PostgreSQL database in DATABASE_URL; the embedded provider, the demo seed),
 * so the bench can read its memory from /proc and the load generator does not share its event loop. Over the IPC
 * channel the bench may run SQL as the database owner (PGlite allows one process per data folder) to put
 * benchmark data in place, and asks it to stop.
 */
type Message =
  | { type: 'query'; id: number; sql: string; params?: unknown[] }
  | { type: 'memory'; id: number }
  | { type: 'stop' };

const config = parseConfig(process.env);
const { app, db } = await startServer(config, { quiet: true });

process.on('message', (message: Message) => {
  if (message.type === 'stop') {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
    return;
  }
  if (message.type === 'memory') {
    process.send?.({ type: 'result', id: message.id, memory: process.memoryUsage() });
    return;
  }
  db.query(message.sql, message.params).then(
    ({ rows }) => process.send?.({ type: 'result', id: message.id, rows }),
    (error: Error) => process.send?.({ type: 'result', id: message.id, error: error.message }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready', url: config.publicUrl });
