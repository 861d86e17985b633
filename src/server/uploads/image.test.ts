import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SERVER_ALLOCATOR_ENV } from '../process-settings.ts';
import { reencodeImage } from './image.ts';
import { CONTENT_LIMITS } from './limits.ts';

const run = promisify(execFile);

// In a process of its own, started as the server is (its allocator settings), so that its peak
// resident memory is this re-encode's alone: a 12 MP JPEG written to a file, the peak reset, the
// upload re-encoded, the rise in the peak printed in MB.
const PEAK_OF_A_PHONE_PHOTO_REENCODE = `
  import { writeFileSync, readFileSync, rmSync } from 'node:fs';
  import { join } from 'node:path';
  import { tmpdir } from 'node:os';
  import sharp from 'sharp';
  const { reencodeImage } = await import(${JSON.stringify(new URL('./image.ts', import.meta.url).href)});
  const path = join(tmpdir(), 'reencode-peak-' + process.pid + '.jpg');
  const noise = Buffer.alloc(4000 * 3000 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = 200 + ((i * 7919) % 47);
  writeFileSync(path, await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } }).jpeg().toBuffer());
  const peak = () => Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
  const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
  writeFileSync('/proc/self/clear_refs', '5');
  const before = rss();
  const limits = { maxImagePixels: 50_000_000, heicTimeoutMs: 30_000, workerHeapMb: 256 };
  await reencodeImage(path, 'jpeg', limits);
  rmSync(path);
  console.log(peak() - before);
`;

describe('reencodeImage memory (decision 0122-memory-peak)', () => {
  it.runIf(process.platform === 'linux')(
    "re-encodes a phone's 12 MP JPEG streamed: under 30 MB more at its peak (~80 MB with optimised Huffman tables)",
    async () => {
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', PEAK_OF_A_PHONE_PHOTO_REENCODE], {
        env: { ...process.env, ...SERVER_ALLOCATOR_ENV },
      });
      expect(Number(stdout.trim())).toBeLessThan(30);
    },
    60_000,
  );
});

describe('reencodeImage turns', () => {
  it('re-encodes a visitor’s image behind customers’ images that arrive while it waits', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'reencode-turns-'));
    try {
      const path = join(dir, 'photo.jpg');
      await writeFile(
        path,
        await sharp({ create: { width: 400, height: 300, channels: 3, background: '#d9c2a8' } })
          .jpeg()
          .toBuffer(),
      );
      const done: string[] = [];
      const encode = (who: string, behind: boolean) =>
        reencodeImage(path, 'jpeg', CONTENT_LIMITS, 1, { behind }).then(() => done.push(who));
      await Promise.all([encode('customer 1', false), encode('visitor', true), encode('customer 2', false)]);
      expect(done).toEqual(['customer 1', 'customer 2', 'visitor']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
