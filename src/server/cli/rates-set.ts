import type { Currency } from '../../domain/catalog/money.ts';
import {
  type DatabaseHandle,
  DataDirInUseError,
  databaseConfigFor,
  holdsEmbeddedDatabase,
  openDatabase,
} from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { exchangeRateProblem, setExchangeRate } from '../modules/payments/exchange-rates.ts';

/**
 * `npm run rates:set -- USD INR 88.40`: the operator stores today's rate (docs/decisions/0061).
 * It writes the app's database directly: with PostgreSQL at any time; with the embedded PGlite
 * only while the server is stopped (one process per data directory; a running one is refused).
 */
export async function main(argv: string[], source: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [from = '', to = '', rate = ''] = argv.map((a) => a.trim());
  const problem = exchangeRateProblem(from.toUpperCase(), to.toUpperCase(), rate);
  if (argv.length !== 3 || problem) {
    console.error(`Usage: npm run rates:set -- <FROM> <TO> <RATE>   e.g. npm run rates:set -- USD INR 88.40`);
    if (problem) console.error(problem);
    return 2;
  }
  const env = loadEnv(source);
  const config = databaseConfigFor(env);
  // A DATA_DIR left unset or mistyped would start a new, empty shop and store the rate there.
  if (config.kind === 'pglite' && !holdsEmbeddedDatabase(config.dataDir ?? '')) {
    console.error(`There is no embedded database in ${env.dataDir}: set DATA_DIR to the shop's.`);
    return 1;
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(`${error.message} The rate is set while the shop is stopped, or with PostgreSQL at any time.`);
    return 1;
  }
  try {
    await database.migrate();
    const setting = {
      from: from.toUpperCase() as Currency,
      to: to.toUpperCase() as Currency,
      rate,
      source: 'operator',
      fetchedAt: new Date(),
    };
    await setExchangeRate(database.db, setting);
    console.log(`1 ${setting.from} = ${rate} ${setting.to}, stored ${setting.fetchedAt.toISOString()}`);
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
