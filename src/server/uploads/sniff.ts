import type { UploadType } from '../../domain/uploads/file-types.ts';

/** How many leading bytes decide a file's type. */
export const SNIFF_BYTES = 16;

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
/**
 * Major brands of the ISO base media `ftyp` box that name a HEIF still image: HEVC-coded (`heic`,
 * `heix`, `heim`, `heis`, what iPhones write), the generic HEIF brands (`mif1`, `msf1`) and AV1-coded
 * (`avif`, `avis`). Video brands (`isom`, `mp41`, `qt  `, …) are not among them.
 */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

function startsWith(head: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return head.length >= offset + signature.length && signature.every((byte, i) => head[offset + i] === byte);
}

function ascii(head: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...head.subarray(start, end));
}

/**
 * The upload type of a file from its first bytes (at least SNIFF_BYTES of them when the file is that
 * long), or null for anything else: executables, HTML, archives, text, other image formats.
 * Four signatures are all we take, so we check them ourselves (docs/decisions/0049); the decoders
 * (sharp, libheif, pdf-lib) then prove the rest of the file is what its first bytes claim.
 */
export function sniffUploadType(head: Uint8Array): UploadType | null {
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, PDF)) return 'pdf';
  // A HEIF file opens with its `ftyp` box: a 4-byte size, `ftyp`, then the major brand.
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const boxSize = new DataView(head.buffer, head.byteOffset, 4).getUint32(0);
    if (boxSize >= 16 && HEIF_BRANDS.has(ascii(head, 8, 12))) return 'heic';
  }
  return null;
}
