import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ERASED_TEXT } from '../../../domain/data-rights/schemas.ts';

/**
 * What an erasure (issue 34 §3) leaves of words someone typed about a person, a text in SQL:
 * ERASED_TEXT in their place, but nothing where nothing was typed (NULL or ''), as "Erased" there
 * would say words were written. Every overwrite of such words goes through here: the order
 * timeline's remarks and the audit log's (`replaceWords`).
 */
export function erasedWords(typed: SQL | AnyPgColumn): SQL {
  // `<> ''` is not true of NULL either: both keep what they hold.
  return sql`case when ${typed} <> '' then ${ERASED_TEXT}::text else ${typed} end`;
}
