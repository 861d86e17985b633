import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Test helpers for upload routes: multipart bodies built by hand, and the files a folder holds. */

export const MULTIPART_BOUNDARY = '----SevaDocsTestBoundary7MA4YWxkTrZu0gW';
export const MULTIPART_CONTENT_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;

export interface Part {
  name: string;
  fileName?: string;
  contentType?: string;
  data: Buffer | string;
}

export function partHeader({ name, fileName, contentType }: Omit<Part, 'data'>): string {
  const disposition = `Content-Disposition: form-data; name="${name}"${fileName === undefined ? '' : `; filename="${fileName}"`}`;
  return `--${MULTIPART_BOUNDARY}\r\n${disposition}\r\n${contentType ? `Content-Type: ${contentType}\r\n` : ''}\r\n`;
}

/** A multipart/form-data body built by hand, as a browser sends it. */
export function multipart(parts: Part[]): Buffer {
  return Buffer.concat([
    ...parts.flatMap((part) => [Buffer.from(partHeader(part)), Buffer.from(part.data), Buffer.from('\r\n')]),
    Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`),
  ]);
}

/** The `file` part of an upload form. */
export function filePart(fileName: string, data: Buffer | string, contentType = 'application/octet-stream'): Part {
  return { name: 'file', fileName, contentType, data };
}

/** Every file under `folder` (recursively), ignoring empty folders; none when it does not exist. */
export async function filesUnder(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries.filter((e) => !e.isDirectory()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}
