import sharp from 'sharp';

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A photo of a passport's bio page for tests: a cream page with a heading and printed details
 * above the two zone lines, in a monospace font (the machines have no OCR-B), as a JPEG.
 */
export async function passportPhoto(lines: readonly [string, string], { width = 1200 } = {}): Promise<Buffer> {
  const height = Math.round(width * 0.7);
  const fontSize = Math.round(width / 27);
  // 44 characters across 90 % of the page; a monospace character is 0.6 em wide.
  const zoneFontSize = Math.floor((width * 0.9) / (44 * 0.6));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#f1ecdf"/>
  <rect x="${width * 0.04}" y="${height * 0.18}" width="${width * 0.22}" height="${height * 0.45}" fill="#c9c3b6"/>
  <text x="${width * 0.04}" y="${height * 0.1}" font-family="sans-serif" font-size="${fontSize}" fill="#1d2a4d">PASSPORT  UNITED STATES OF AMERICA</text>
  <text x="${width * 0.3}" y="${height * 0.25}" font-family="sans-serif" font-size="${fontSize * 0.6}" fill="#333">Surname / Nom</text>
  <text x="${width * 0.3}" y="${height * 0.32}" font-family="sans-serif" font-size="${fontSize * 0.8}" fill="#111">SHARMA</text>
  <text x="${width * 0.3}" y="${height * 0.4}" font-family="sans-serif" font-size="${fontSize * 0.6}" fill="#333">Given names / Prénoms</text>
  <text x="${width * 0.3}" y="${height * 0.47}" font-family="sans-serif" font-size="${fontSize * 0.8}" fill="#111">PRIYA DEVI</text>
  ${lines
    .map(
      (line, i) =>
        `<text x="${width * 0.05}" y="${height * (0.86 + i * 0.08)}" font-family="DejaVu Sans Mono, monospace" font-size="${zoneFontSize}" fill="#151515">${xmlText(line)}</text>`,
    )
    .join('\n  ')}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
