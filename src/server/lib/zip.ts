import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * A ZIP archive (PKWARE APPNOTE 6.3, no ZIP64) of a few entries held in memory: the customer's
 * data export (issue 34 §3), which Windows, macOS, iOS and Android open without an app. Node's
 * zlib gives the DEFLATE and the CRC-32; nothing else is needed (decision 0119-data-rights).
 */
export interface ZipEntry {
  /** The path inside the archive, `/`-separated; made safe by `safeEntryName`. */
  name: string;
  data: Uint8Array;
}

/** ZIP without ZIP64 counts sizes and offsets in 32 bits. */
const MAX_ZIP_BYTES = 0xffff_ffff;
/** General purpose flag bit 11: the name is UTF-8. */
const UTF8_FLAG = 0x0800;
const DEFLATE = 8;
const STORE = 0;

/** An MS-DOS date and time (local fields, 2-second steps), as ZIP headers carry them. */
function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
  };
}

/**
 * A name no unpacker turns into a path outside its folder: no leading `/`, no `..` or `.` parts,
 * no backslashes, colons or control characters, each part at most 120 characters.
 */
export function safeEntryName(name: string): string {
  const parts = name
    .replace(/\\/g, '/')
    .split('/')
    .map((part) =>
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      part.replace(/[\u0000-\u001f\u007f:*?"<>|]/g, '_').slice(0, 120),
    )
    .filter((part) => part !== '' && part !== '.' && part !== '..');
  return parts.length > 0 ? parts.join('/') : 'file';
}

/** Builds the archive; each entry is deflated unless that makes it larger (JPEGs, PDFs: stored). */
export function createZip(entries: readonly ZipEntry[], at: Date = new Date()): Buffer {
  const { date, time } = dosDateTime(at);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const used = new Set<string>();
  let offset = 0;
  for (const entry of entries) {
    let name = safeEntryName(entry.name);
    // Two files of one name (two uploads called scan.pdf) both arrive.
    for (let n = 2; used.has(name); n += 1) name = name.replace(/(\.[^./]*)?$/, (ext) => `-${n}${ext}`);
    used.add(name);
    const nameBytes = Buffer.from(name, 'utf8');
    const deflated = deflateRawSync(entry.data);
    const stored = deflated.length >= entry.data.length;
    const body = stored ? Buffer.from(entry.data) : deflated;
    const crc = crc32(entry.data);
    const header = (signature: number, central: boolean) => {
      const fixed = Buffer.alloc(central ? 46 : 30);
      let p = 0;
      const u16 = (v: number) => {
        p = fixed.writeUInt16LE(v, p);
      };
      const u32 = (v: number) => {
        p = fixed.writeUInt32LE(v >>> 0, p);
      };
      u32(signature);
      if (central) u16(20); // made by: version 2.0
      u16(20); // version needed: 2.0
      u16(UTF8_FLAG);
      u16(stored ? STORE : DEFLATE);
      u16(time);
      u16(date);
      u32(crc);
      u32(body.length);
      u32(entry.data.length);
      u16(nameBytes.length);
      u16(0); // extra field length
      if (central) {
        u16(0); // comment length
        u16(0); // disk number
        u16(0); // internal attributes
        u32(0); // external attributes
        u32(offset);
      }
      return Buffer.concat([fixed, nameBytes]);
    };
    const local = header(0x04034b50, false);
    locals.push(local, body);
    centrals.push(header(0x02014b50, true));
    offset += local.length + body.length;
    if (offset > MAX_ZIP_BYTES) throw new Error('the archive passed 4 GiB, which ZIP without ZIP64 cannot hold');
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(0, 20);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Reads an archive `createZip` wrote (tests and the e2e journey look inside the customer's export):
 * its entries by name, each checked against its CRC-32.
 */
export function readZip(archive: Buffer): Map<string, Buffer> {
  const endAt = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('not a ZIP archive');
  const count = archive.readUInt16LE(endAt + 10);
  let p = archive.readUInt32LE(endAt + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (archive.readUInt32LE(p) !== 0x02014b50) throw new Error('broken central directory');
    const method = archive.readUInt16LE(p + 10);
    const crc = archive.readUInt32LE(p + 16);
    const compressed = archive.readUInt32LE(p + 20);
    const nameLength = archive.readUInt16LE(p + 28);
    const extraLength = archive.readUInt16LE(p + 30);
    const commentLength = archive.readUInt16LE(p + 32);
    const localAt = archive.readUInt32LE(p + 42);
    const name = archive.toString('utf8', p + 46, p + 46 + nameLength);
    const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
    const raw = archive.subarray(dataAt, dataAt + compressed);
    const data = method === DEFLATE ? inflateRawSync(raw) : Buffer.from(raw);
    if (crc32(data) >>> 0 !== crc) throw new Error(`CRC mismatch in ${name}`);
    entries.set(name, data);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
