import { z } from 'zod';
import { buildApp } from '../app.ts';
import { databaseConfigFor, openDatabase } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { ErasureRecord } from '../modules/data-rights/service.ts';
import { readManifest } from './archive.ts';
import { TarFormatError } from './tar.ts';

/** A manifest's register, as written by `writeArchive`; anything else in one is refused. */
const registerSchema = z.array(z.object({ userId: z.number().int().positive(), erasedAt: z.iso.datetime() }));

async function registerOf(archive: string): Promise<{ createdAt: string; records: ErasureRecord[] }> {
  const manifest = await readManifest(archive);
  const register = registerSchema.safeParse(manifest.erasures ?? []);
  if (!register.success) throw new TarFormatError(`${archive} (its register of erased accounts is malformed)`);
  return { createdAt: manifest.createdAt, records: register.data };
}

/**
 * What a restore must erase again (decision 0137): the accounts erased after the restored archive
 * was written. Each archive's manifest carries the register of the accounts erased when it was
 * written; the restored archive's own (erasures made while it was being written) and those of the
 * newer archives the operator names count. An archive named that is not newer adds nothing (its
 * ids could even be another lineage's, after an earlier restore), and is reported.
 */
export async function erasuresSince(
  archive: string,
  newer: readonly string[],
): Promise<{ writtenAt: string; records: ErasureRecord[]; notNewer: string[] }> {
  const own = await registerOf(archive);
  const byUser = new Map<number, ErasureRecord>();
  const add = (records: readonly ErasureRecord[]) => {
    for (const record of records) if (!byUser.has(record.userId)) byUser.set(record.userId, record);
  };
  add(own.records);
  const notNewer: string[] = [];
  for (const source of newer) {
    const register = await registerOf(source);
    if (Date.parse(register.createdAt) > Date.parse(own.createdAt)) add(register.records);
    else notNewer.push(source);
  }
  return { writtenAt: own.createdAt, records: [...byUser.values()], notNewer };
}

/**
 * Readies the restored shop with the server's own code (its modules and storage), before any
 * process serves it; the database is migrated first, as the first start would. Erases those
 * accounts again (accounts the restored database does not hold, or already erased, are skipped),
 * then ends every session and retires every unused link: the archive's would revive a sign-out,
 * or a password-reset link used, since it was written. Answers how many of each.
 */
export async function readyRestoredShop(
  env: Env,
  records: readonly ErasureRecord[],
): Promise<{ erasedAgain: number; sessionsEnded: number }> {
  const database = await openDatabase(databaseConfigFor(env));
  try {
    await database.migrate();
    const app = await buildApp({ env, database, logger: { level: 'warn' } });
    try {
      const erasedAgain = records.length > 0 ? await app.services.dataRights.eraseAgain(records) : 0;
      return { erasedAgain, sessionsEnded: await app.services.auth.endEverySessionAndLink() };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
