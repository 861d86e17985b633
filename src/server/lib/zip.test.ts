import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createZip, readZip, safeEntryName } from './zip.ts';

describe('the ZIP writer', () => {
  it('writes entries that read back byte for byte, deflated text and stored noise alike', () => {
    const text = Buffer.from('{"hello":"wörld"}\n'.repeat(200), 'utf8');
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    const archive = createZip([
      { name: 'sevadocs-data.json', data: text },
      { name: 'files/DOC-000001/1-scan.pdf', data: noise },
      { name: 'empty.txt', data: new Uint8Array() },
    ]);
    const entries = readZip(archive);
    expect([...entries.keys()]).toEqual(['sevadocs-data.json', 'files/DOC-000001/1-scan.pdf', 'empty.txt']);
    expect(entries.get('sevadocs-data.json')?.equals(text)).toBe(true);
    expect(entries.get('files/DOC-000001/1-scan.pdf')?.equals(noise)).toBe(true);
    expect(entries.get('empty.txt')?.length).toBe(0);
    // The text was compressed: the archive is far smaller than what it holds.
    expect(archive.length).toBeLessThan(text.length / 4 + noise.length + 500);
  });

  // Python's zipfile (python3 is on every machine of this kind; unzip is not) reads it
  // independently of readZip: each entry's CRC checked, its UTF-8 name and its bytes read back.
  it('is what an independent ZIP reader accepts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'zip-test-'));
    try {
      const file = join(dir, 'export.zip');
      await writeFile(file, createZip([{ name: 'a/ß.txt', data: Buffer.from('x'.repeat(1000)) }]));
      const script = [
        'import sys, zipfile',
        'z = zipfile.ZipFile(sys.argv[1])',
        'print(z.testzip())',
        "print(z.namelist()[0], len(z.read('a/ß.txt')))",
      ].join('\n');
      expect(execFileSync('python3', ['-c', script, file]).toString()).toBe('None\na/ß.txt 1000\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never names a path outside the folder it is unpacked in, and keeps two files of one name', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('etc/passwd');
    expect(safeEntryName('/abs\\win:name?.pdf')).toBe('abs/win_name_.pdf');
    expect(safeEntryName('..')).toBe('file');
    const entries = readZip(
      createZip([
        { name: 'files/scan.pdf', data: Buffer.from('1') },
        { name: 'files/scan.pdf', data: Buffer.from('2') },
      ]),
    );
    expect([...entries.keys()]).toEqual(['files/scan.pdf', 'files/scan-2.pdf']);
  });
});
