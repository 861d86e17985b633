import type { Currency } from '../../domain/catalog/money.ts';
import { databaseConfigFor, openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { exchangeRateProblem, setExchangeRate } from '../modules/payments/exchange-rates.ts';

/**
 * `npm run rates:set -- USD INR 88.40`: the operator stores today's rate (docs/decisions/0061).
 * It writes the app's database directly: with PostgreSQL at any time; with the embedded PGlite
 * only while the server is stopped (one process per data directory; a running one is refused).
 */
export async function main(argv: string[]): Promise<number> {
  const [from = '', to = '', rate = ''] = argv.map((a) => a.trim());
  const problem = exchangeRateProblem(from.toUpperCase(), to.toUpperCase(), rate);
  if (argv.length !== 3 || problem) {
    console.error(`Usage: npm run rates:set -- <FROM> <TO> <RATE>   e.g. npm run rates:set -- USD INR 88.40`);
    if (problem) console.error(problem);
    return 2;
  }
  const env = loadEnv();
  const database = await openDatabase(databaseConfigFor(env));
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
