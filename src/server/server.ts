import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed/index.ts';
import { EnvError, loadEnv } from './env.ts';

const buildDir = resolve(process.env.BUILD_DIR ?? 'build');

async function main() {
  const env = loadEnv();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(env.dataDir, 'pglite') },
  );
  await database.migrate();
  if (env.SEED_ON_START) await seedDatabase(database.db);

  const build = (await import(pathToFileURL(join(buildDir, 'server/index.js')).href)) as ServerBuild;
  const app = await buildApp({ env, database, web: { build, clientDir: join(buildDir, 'client') } });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Creates or migrates the pgboss schema, then starts the workers that modules registered in buildApp.
  await app.jobs.start();
  await app.listen({ host: env.HOST, port: env.PORT });
  // nodeEnv says which React build renders pages (production unless `npm run dev`).
  app.log.info(
    {
      nodeEnv: env.NODE_ENV,
      deployment: env.DEPLOYMENT,
      database: env.DATABASE_URL ? 'postgres' : 'pglite',
      mail: app.mailer.kind,
    },
    'SevaDocs is ready',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
