/**
 * The few bytes of POSIX tar (ustar) a backup needs: regular files under short names, written and
 * read as streams so neither the uploaded files nor the archive are ever held whole in memory.
 * No tar package is installed and this is all of the format SevaDocs writes (decision 0113-backups).
 */

const BLOCK = 512;
/** ustar's name field; every name a backup writes is far shorter (`files/ab/ab…32 hex.pdf`). */
const MAX_NAME = 100;
/** Eleven octal digits: 8 GiB, far above any upload or PGlite dump. */
const MAX_SIZE = 8 ** 11 - 1;

export interface TarEntry {
  name: string;
  size: number;
  body: AsyncIterable<Uint8Array> | Uint8Array;
  /** A folder (no body, size 0): the embedded database's empty folders must exist when restored. */
  folder?: boolean;
}

export class TarFormatError extends Error {
  /** What is wrong, without the sentence's start. */
  readonly reason: string;
  constructor(reason: string) {
    super(`Not a SevaDocs backup archive: ${reason}`);
    this.name = 'TarFormatError';
    this.reason = reason;
  }
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: number, folder: boolean): Buffer {
  if (Buffer.byteLength(name) > MAX_NAME) throw new Error(`tar name too long: ${name}`);
  if (size > MAX_SIZE) throw new Error(`tar entry too large: ${name}`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 'utf8');
  block.write(octal(folder ? 0o700 : 0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(mtime, 12), 136, 'ascii');
  block.write(folder ? '5' : '0', 156, 'ascii');
  block.write('ustar\0' + '00', 257, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write(`${checksum(block).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] as number);
  return sum;
}

/** The zeros after an entry's body, up to the next block. */
const paddingOf = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** How many bytes writeTar makes of entries of these sizes: a tar nested in another needs it first. */
export function tarSize(entries: readonly Pick<TarEntry, 'size'>[]): number {
  return entries.reduce((sum, { size }) => sum + BLOCK + size + paddingOf(size), 2 * BLOCK);
}

/** The tar bytes of `entries`, in order; an entry whose body is not `size` bytes long is an error. */
export async function* writeTar(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): AsyncGenerator<Buffer> {
  const mtime = Math.floor(Date.now() / 1000);
  for await (const entry of entries) {
    yield header(entry.name, entry.size, mtime, entry.folder === true);
    let written = 0;
    const chunks = entry.body instanceof Uint8Array ? [entry.body] : entry.body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > entry.size) break;
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    }
    // A file that changed length while it was read would shift every later header.
    if (written !== entry.size) throw new Error(`${entry.name} changed while it was archived`);
    yield Buffer.alloc(paddingOf(entry.size));
  }
  yield Buffer.alloc(2 * BLOCK);
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  #pending: Buffer = Buffer.alloc(0);
  #source: AsyncIterator<Uint8Array>;
  constructor(source: AsyncIterable<Uint8Array>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  /** Up to `max` bytes (fewer only at the end of the stream, none there). */
  async #next(max: number): Promise<Buffer | null> {
    if (this.#pending.length === 0) {
      const { value, done } = await this.#source.next();
      if (done) return null;
      this.#pending = Buffer.from(value);
    }
    const taken = this.#pending.subarray(0, max);
    this.#pending = this.#pending.subarray(taken.length);
    return taken;
  }

  async read(size: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < size) {
      const part = await this.#next(size - got);
      if (!part) throw new TarFormatError('it ends in the middle of an entry');
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts);
  }

  async *stream(size: number): AsyncGenerator<Buffer> {
    let left = size;
    while (left > 0) {
      const part = await this.#next(left);
      if (!part) throw new TarFormatError('it ends in the middle of an entry');
      left -= part.length;
      yield part;
    }
  }
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octalField(block: Buffer, start: number, length: number): number {
  const text = field(block, start, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('a header holds no size');
  return Number.parseInt(text, 8);
}

/**
 * The regular-file entries of a tar stream, in order. Each entry's body must be read to its end
 * (or abandoned with the whole read) before the next is asked for.
 */
export async function* readTar(
  source: AsyncIterable<Uint8Array>,
): AsyncGenerator<TarEntry & { body: AsyncIterable<Buffer> }> {
  const reader = new ByteReader(source);
  for (;;) {
    const block = await reader.read(BLOCK);
    if (block.every((byte) => byte === 0)) return;
    if (octalField(block, 148, 8) !== checksum(block)) throw new TarFormatError('a header is damaged');
    const name = field(block, 0, 100);
    const size = octalField(block, 124, 12);
    const type = field(block, 156, 1);
    if (type !== '0' && type !== '') throw new TarFormatError(`${name} is not a regular file`);
    let consumed = false;
    const body = reader.stream(size);
    yield {
      name,
      size,
      body: (async function* () {
        yield* body;
        consumed = true;
      })(),
    };
    if (!consumed) throw new Error(`the body of ${name} was not read`);
    await reader.read(paddingOf(size));
  }
}
