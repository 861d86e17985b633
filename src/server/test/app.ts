import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app on a database of the test file's own, driven with `app.inject`. */
export async function buildTestApp(
  envOverrides: Record<string, string> = {},
  options: Pick<AppOptions, 'requestTimeoutMs'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...envOverrides });
  const app = await buildApp({ env, database, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
