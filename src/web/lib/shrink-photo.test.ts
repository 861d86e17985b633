// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shrinkPagePhoto } from './shrink-photo.ts';

const photo = (bytes: number, type = 'image/jpeg', name = 'IMG_2041.JPG') =>
  new File([new Uint8Array(bytes)], name, { type, lastModified: 1_700_000_000_000 });

/** A browser that draws: the bitmap's size, and what the canvas was asked for. */
function drawingBrowser(width: number, height: number, encodedBytes: number) {
  const drawn = { width: 0, height: 0, image: [] as unknown[], fill: '', type: '', quality: 0 };
  const close = vi.fn();
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width, height, close })),
  );
  const canvas = {
    width: 0,
    height: 0,
    getContext: () => ({
      set fillStyle(value: string) {
        drawn.fill = value;
      },
      fillRect: () => {},
      drawImage: (...args: unknown[]) => {
        drawn.image = args;
      },
    }),
    toBlob(done: (blob: Blob | null) => void, type: string, quality: number) {
      Object.assign(drawn, { width: canvas.width, height: canvas.height, type, quality });
      done(new Blob([new Uint8Array(encodedBytes)], { type }));
    },
  };
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string) =>
    tag === 'canvas' ? (canvas as unknown as HTMLCanvasElement) : create(tag),
  );
  return { drawn, close };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('shrinkPagePhoto (decision 0196)', () => {
  it('draws a phone’s photo upright on white at most 2400 px, as a JPEG, and sends that instead', async () => {
    const { drawn, close } = drawingBrowser(4000, 3000, 600_000);
    const shrunk = await shrinkPagePhoto(photo(3_200_000));
    expect(createImageBitmap).toHaveBeenCalledWith(expect.any(File), { imageOrientation: 'from-image' });
    expect([drawn.width, drawn.height]).toEqual([2400, 1800]);
    expect(drawn.fill).toBe('#ffffff');
    expect(drawn.image.slice(1)).toEqual([0, 0, 2400, 1800]);
    expect([drawn.type, drawn.quality]).toEqual(['image/jpeg', 0.9]);
    expect(close).toHaveBeenCalled();
    expect([shrunk.name, shrunk.type, shrunk.size]).toEqual(['IMG_2041.jpg', 'image/jpeg', 600_000]);
  });

  it('sends as it is a small file, a HEIC, a file the drawing would not make smaller, and one the browser cannot draw', async () => {
    drawingBrowser(1200, 1600, 2_000_000);
    const small = photo(900_000);
    expect(await shrinkPagePhoto(small)).toBe(small);
    const heic = photo(3_000_000, 'image/heic', 'IMG_1.HEIC');
    expect(await shrinkPagePhoto(heic)).toBe(heic);
    const plain = photo(1_600_000, 'image/png', 'scan.png');
    expect(await shrinkPagePhoto(plain)).toBe(plain);
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      }),
    );
    const broken = photo(3_000_000);
    expect(await shrinkPagePhoto(broken)).toBe(broken);
  });
});
