import { buffer } from 'node:stream/consumers';
import { createZip, type ZipEntry } from '../../lib/zip.ts';
import type { FileStorage } from '../../storage/index.ts';

/** A stored file of the customer's, and where it goes in the archive. */
export interface ExportFile {
  path: string;
  storageKey: string;
}

/** The archive's JSON document: everything held about the customer. */
export const EXPORT_DATA_FILE = 'sevadocs-data.json';

const README = `Your SevaDocs data
==================

This archive holds everything SevaDocs keeps about you, as of the date in ${EXPORT_DATA_FILE}
("exportedAt"):

- ${EXPORT_DATA_FILE}: your account and addresses, the consents you gave, every order (its
  status history, what it was charged, your payments, your refunds and our decisions on them, the
  messages our team sent you about it, your application's members and answers, or your photo
  order's items and delivery), your notifications, the enquiries you sent us signed in, with our
  replies, the e-mails we sent you (subject, when and how each went), and your open sessions
  (when, and the browser and internet address each was used from). It is JSON, which any text
  editor opens.
- files/: the documents you uploaded for each application (and those we sent you), by order.
- photos/: the photos of each photo order, and the fitted copies our check made, by order.

Amounts are in cents of the order's currency; times are UTC (ISO 8601).
You can ask for your account to be deleted from your profile page.
`;

/**
 * The export as one ZIP (issue 34 §3): the README, the JSON document and the customer's files
 * read from storage. A file storage no longer holds is listed in the README rather than failing
 * the whole export.
 */
export async function buildExportArchive(
  data: object,
  files: readonly ExportFile[],
  storage: Pick<FileStorage, 'get'>,
  at: Date,
): Promise<Buffer> {
  const entries: ZipEntry[] = [];
  const missing: string[] = [];
  for (const file of files) {
    const stored = await storage.get(file.storageKey);
    if (!stored) {
      missing.push(file.path);
      continue;
    }
    entries.push({ name: file.path, data: await buffer(stored.stream) });
  }
  const readme = missing.length
    ? `${README}\nThese files could not be read from storage when the archive was made:\n${missing.map((m) => `- ${m}`).join('\n')}\n`
    : README;
  return createZip(
    [
      { name: 'README.txt', data: Buffer.from(readme, 'utf8') },
      { name: EXPORT_DATA_FILE, data: Buffer.from(JSON.stringify(data, null, 2), 'utf8') },
      ...entries,
    ],
    at,
  );
}
