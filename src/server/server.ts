import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app.ts';
import { writeBackup } from './backup/archive.ts';
import { type BackupListener, listenForBackups } from './backup/control-socket.ts';
import { databaseConfigFor, openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed/index.ts';
import { ENV_NAMES, type Env, EnvError, loadEnv } from './env.ts';
import { lookalikeVariables } from './env-lookalikes.ts';
import { listenFailureMessage } from './listen-failure.ts';
import type { WebOptions } from './plugins/web.ts';
import { shutDown } from './shutdown.ts';

const buildDir = resolve(process.env.BUILD_DIR ?? 'build');

/** `npm run dev` renders through Vite; everything else serves the built app. */
async function loadWeb(env: Env): Promise<WebOptions> {
  if (env.NODE_ENV === 'development') {
    const { createDevWeb } = await import('./plugins/web-dev.ts');
    return { dev: await createDevWeb() };
  }
  const build = (await import(pathToFileURL(join(buildDir, 'server/index.js')).href)) as ServerBuild;
  return { build, clientDir: join(buildDir, 'client') };
}

async function main() {
  const env = loadEnv();
  const database = await openDatabase(databaseConfigFor(env));
  await database.migrate();
  if (env.SEED_ON_START) await seedDatabase(database.db);

  const app = await buildApp({ env, database, web: await loadWeb(env) });
  for (const line of lookalikeVariables(process.env, ENV_NAMES)) app.log.warn(line);
  // `npm run backup` asks this process for the embedded mode's archive: only it may read its PGlite.
  const { pglite, db } = database;
  const backups: BackupListener | null =
    pglite && env.FILE_STORAGE === 'local'
      ? await listenForBackups({
          dataDir: env.dataDir,
          backup: (out, signal) => writeBackup({ pglite, db, dataDir: env.dataDir, out, signal }),
          onError: (error) => app.log.error({ err: error }, 'backup failed'),
        }).catch((error: unknown) => {
          // The shop runs without it (e.g. a socket path past the system's ~100 bytes); a backup
          // then needs the server stopped.
          app.log.warn({ err: error }, 'backups while running are unavailable: stop the server to run npm run backup');
          return null;
        })
      : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    const code = await shutDown(
      [
        // A backup in progress is abandoned (its partial archive removed) while the app finishes its
        // requests and releases its jobs: neither waits for the other.
        [
          ['backups', async () => backups?.close()],
          ['app', () => app.close()],
        ],
        // Last: the backup and the app's jobs both use it.
        [['database', () => database.close()]],
      ],
      app.log,
    );
    clearTimeout(force);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Creates or migrates the pgboss schema, then starts the workers that modules registered in buildApp.
  await app.jobs.start();
  // A port in use or a host name nobody resolves is a setting to change: said in one line, no stack.
  await app.listen({ host: env.HOST, port: env.PORT }).catch((error: unknown) => {
    throw new EnvError(listenFailureMessage(error, env));
  });
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
