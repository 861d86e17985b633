import { describe, expect, it } from 'vitest';
import { sniffUploadType } from './sniff.ts';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));
const ftyp = (brand: string) => bytes(0, 0, 0, 0x18, 'ftyp', brand, 0, 0, 0, 0);

describe('sniffUploadType', () => {
  it('knows the four accepted types by their first bytes', () => {
    expect(sniffUploadType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'))).toBe('jpeg');
    expect(sniffUploadType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 'IHDR'))).toBe('png');
    expect(sniffUploadType(bytes('%PDF-1.7\n%âãÏÓ'))).toBe('pdf');
    for (const brand of ['heic', 'heix', 'mif1', 'msf1', 'avif'])
      expect(sniffUploadType(ftyp(brand)), brand).toBe('heic');
  });

  it('refuses everything else, whatever it is called', () => {
    const refused = {
      elf: bytes(0x7f, 'ELF', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0),
      pe: bytes('MZ', 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0),
      html: bytes('<!DOCTYPE html><html>'),
      zip: bytes('PK', 3, 4, 20, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0),
      gif: bytes('GIF89a', 1, 0, 1, 0, 0, 0, 0, 0, 0, 0),
      mp4: ftyp('isom'),
      quicktime: ftyp('qt  '),
      pdfLate: bytes('   %PDF-1.7 after some spaces'),
      text: bytes('hello, this is a text file'),
      empty: bytes(),
    };
    for (const [name, head] of Object.entries(refused)) expect(sniffUploadType(head), name).toBeNull();
  });
});
