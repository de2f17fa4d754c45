import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';

export interface EmbeddedIdp {
  issuer: string;
  register(app: FastifyInstance): Promise<void>;
}

// Filled in by the identity-provider work.
export async function createEmbeddedIdp(_deps: { config: Config; db: Database }): Promise<EmbeddedIdp> {
  throw new Error('embedded provider not built yet');
}
