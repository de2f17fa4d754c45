import { APP_VERSION, type Health, HealthSchema } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { AppError } from './app-error.ts';

export function registerHealth(app: FastifyInstance, db: Database) {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthSchema },
      },
    },
    async (): Promise<Health> => {
      try {
        await db.query('SELECT 1');
      } catch {
        throw new AppError('server.unavailable', 'The database does not answer.');
      }
      return { status: 'ok', version: APP_VERSION, database: 'ok' };
    },
  );
}
