// "Background Change" (issue 12, decision 0078): the one operation that alters pixels, and only
// the background's. No model: the face's landmarks say where the head and shoulders are, the
// colours far from them say what the background looks like, and a flood from there over cells of
// those colours finds the background near the person. Every pixel of the person is left as it was.
import type { PhotoSizeSpec } from '../../../../domain/photos/sizes.ts';
import type { FaceGeometry, Rect } from './geometry.ts';
import type { RgbImage } from './measures.ts';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/**
 * What the background becomes. Both sizes that allow the change ask for "light": off-white, as
 * the OCI's own pages disagree on pure white (photo-specs.md); "white" is there for completeness.
 */
export const EVEN_BACKGROUND: Record<PhotoSizeSpec['background'], Rgb> = {
  white: { r: 255, g: 255, b: 255 },
  light: { r: 242, g: 241, b: 238 },
};

/** The flood runs on cells, this many along the longest side: ~40 000 of them. */
const GRID_CELLS = 200;
/** Around the head, as a fraction of its height: hair, ears and a raised collar may reach this far. */
const NEAR_HEAD = 0.3;
/** Below the chin by this fraction of the head's height, shoulders may start at any width. */
const SHOULDERS_BELOW_CHIN = 0.25;
/** Colours are compared in bins of 8 levels a channel; a neighbouring bin also matches (±8–16 levels). */
const BIN_SHIFT = 3;
const BINS = 256 >> BIN_SHIFT;
/** The skin sample is the landmarks' face box less this fraction on each side (no hair, no wall). */
const SKIN_INSET = 0.25;
/** A cell whose channels spread more than this (standard deviation) is not plain wall. */
const PLAIN_CELL_SPREAD = 6;
/** Neighbouring cells of one wall differ by at most this much a channel: a shading gradient, not an outline. */
const WALL_STEP = 6;
/** The background's edge is blended over this many pixels, outwards only: the person is never touched. */
const FEATHER_PX = 3;

const FAR = 0;
/** May be background if its colour is the background's and it touches it. */
const NEAR = 1;
/** The face and the neck: never background. */
const HEAD = 2;

const binOf = (r: number, g: number, b: number) =>
  ((r >> BIN_SHIFT) * BINS + (g >> BIN_SHIFT)) * BINS + (b >> BIN_SHIFT);

function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

/**
 * Which pixels are background, 255 for background and 0 for the person, at full size.
 *
 * 1. The image is cut into cells. Each cell is FAR (well away from the head, above the
 *    shoulders: background for certain), NEAR (the head and around it, and everything below the
 *    shoulders' line, where the body is) or HEAD (the face and the middle of the neck).
 * 2. The background's colours are the FAR pixels' colours, each widened by one bin, less the
 *    colours of the face's skin.
 * 3. From the FAR cells, a flood crosses NEAR cells mostly of those colours, or plain and nearly
 *    the colour of the background cell beside them (a wall's shading; their colour then joins),
 *    four-connected: what it reaches is background; HEAD cells and the NEAR cells it does not
 *    reach are the person.
 * 4. To pixels: FAR cells are background, HEAD cells the person. In a NEAR cell the flood reached
 *    or one beside it, a pixel is background if its own colour is: a cell across the outline
 *    averages hair and wall, and the cut must follow the outline, not the cells.
 */
function backgroundMask(image: RgbImage, face: FaceGeometry): Uint8Array {
  const { width, height, data } = image;
  const cell = Math.max(1, Math.ceil(Math.max(width, height) / GRID_CELLS));
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);

  const { head, chin, headHeight } = face;
  const faceWidth = face.face.width;
  const near: Rect = {
    left: head.left - headHeight * NEAR_HEAD,
    top: head.top - headHeight * NEAR_HEAD,
    width: head.width + 2 * headHeight * NEAR_HEAD,
    height: head.height + 2 * headHeight * NEAR_HEAD,
  };
  // Never background: the face (the detector's box and the landmarks' jaw-to-brow box) and the
  // middle of the neck below it, down to the shoulders. Hair beside and above it, and the body, are
  // left to the colours to decide.
  const faceBox: Rect = {
    left: Math.min(face.box.left, face.face.left),
    top: Math.min(face.box.top, face.face.top),
    width:
      Math.max(face.box.left + face.box.width, face.face.left + faceWidth) - Math.min(face.box.left, face.face.left),
    height: chin.y - Math.min(face.box.top, face.face.top),
  };
  const shouldersLine = chin.y + headHeight * SHOULDERS_BELOW_CHIN;
  const neck: Rect = {
    left: chin.x - faceWidth / 4,
    top: chin.y,
    width: faceWidth / 2,
    height: shouldersLine - chin.y,
  };
  // Skin: the middle of the face, between the eyes and the mouth's corners, is no wall.
  const skin: Rect = {
    left: face.face.left + faceWidth * SKIN_INSET,
    top: face.face.top + face.face.height * SKIN_INSET,
    width: faceWidth * (1 - 2 * SKIN_INSET),
    height: face.face.height * (1 - 2 * SKIN_INSET),
  };
  const zone = new Uint8Array(cols * rows);
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) {
      const box = { left: col * cell, top: row * cell, width: cell, height: cell };
      const y = (row + 0.5) * cell;
      zone[row * cols + col] =
        overlaps(box, faceBox) || overlaps(box, neck) ? HEAD : overlaps(box, near) || y >= shouldersLine ? NEAR : FAR;
    }
  }

  // The background's colours: every FAR pixel's bin and its 26 neighbours. Pixels, not cells'
  // averages: a cell across two stripes of a bookshelf averages to a colour that is neither, and
  // often a hair's.
  const seen = new Uint8Array(BINS * BINS * BINS);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / cell) * cols;
    for (let x = 0; x < width; x += 1) {
      if (zone[row + Math.floor(x / cell)] !== FAR) continue;
      const i = (y * width + x) * 3;
      seen[binOf(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0)] = 1;
    }
  }
  const palette = new Uint8Array(BINS * BINS * BINS);
  const skinColours = new Uint8Array(BINS * BINS * BINS);
  /** Marks a bin and its 26 neighbours as the background's, unless it is the skin's. */
  const widen = (bin: number) => {
    const r = Math.floor(bin / (BINS * BINS));
    const g = Math.floor(bin / BINS) % BINS;
    const b = bin % BINS;
    for (let dr = -1; dr <= 1; dr += 1)
      for (let dg = -1; dg <= 1; dg += 1)
        for (let db = -1; db <= 1; db += 1) {
          const [br, bg, bb] = [r + dr, g + dg, b + db];
          if (br < 0 || bg < 0 || bb < 0 || br >= BINS || bg >= BINS || bb >= BINS) continue;
          const next = (br * BINS + bg) * BINS + bb;
          if (!skinColours[next]) palette[next] = 1;
        }
  };
  // A colour of the face's skin is never background, so a neck or shoulders against a warm wall
  // keep their pixels.
  for (let y = Math.max(0, Math.floor(skin.top)); y < Math.min(height, skin.top + skin.height); y += 1) {
    for (let x = Math.max(0, Math.floor(skin.left)); x < Math.min(width, skin.left + skin.width); x += 1) {
      const i = (y * width + x) * 3;
      skinColours[binOf(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0)] = 1;
    }
  }
  for (let bin = 0; bin < seen.length; bin += 1) if (seen[bin]) widen(bin);
  const inPalette = (i: number) => palette[binOf(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0)] === 1;

  // A NEAR cell looks like background when most of its pixels are of the background's colours;
  // each cell's mean colour and spread serve the flood's second test, below.
  const matching = new Uint32Array(cols * rows);
  const moments = new Float64Array(cols * rows * 7);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / cell) * cols;
    for (let x = 0; x < width; x += 1) {
      const c = row + Math.floor(x / cell);
      const i = (y * width + x) * 3;
      const m = c * 7;
      moments[m] = (moments[m] ?? 0) + 1;
      for (let k = 0; k < 3; k += 1) {
        const v = data[i + k] ?? 0;
        moments[m + 1 + k] = (moments[m + 1 + k] ?? 0) + v;
        moments[m + 4 + k] = (moments[m + 4 + k] ?? 0) + v * v;
      }
      if (zone[c] === NEAR && inPalette(i)) matching[c] = (matching[c] ?? 0) + 1;
    }
  }
  const count = (c: number) => moments[c * 7] || 1;
  const mean = (c: number, k: number) => (moments[c * 7 + 1 + k] ?? 0) / count(c);
  const looksLikeBackground = (c: number) => (matching[c] ?? 0) * 2 >= count(c);
  /** A plain cell of nearly the colour of the background cell beside it: the same wall, lit a little differently. */
  const continues = (n: number, from: number) => {
    for (let k = 0; k < 3; k += 1) {
      const m = mean(n, k);
      const variance = (moments[n * 7 + 4 + k] ?? 0) / count(n) - m * m;
      if (variance > PLAIN_CELL_SPREAD ** 2 || Math.abs(m - mean(from, k)) > WALL_STEP) return false;
    }
    return !skinColours[binOf(Math.round(mean(n, 0)), Math.round(mean(n, 1)), Math.round(mean(n, 2)))];
  };

  // The flood from the FAR cells over NEAR cells of the background's colours.
  const isBackground = new Uint8Array(cols * rows);
  const queue = new Int32Array(cols * rows);
  let tail = 0;
  for (let c = 0; c < cols * rows; c += 1) {
    if (zone[c] !== FAR) continue;
    isBackground[c] = 1;
    queue[tail++] = c;
  }
  for (let taken = 0; taken < tail; taken += 1) {
    const c = queue[taken] ?? 0;
    const col = c % cols;
    const neighbours = [col > 0 ? c - 1 : -1, col < cols - 1 ? c + 1 : -1, c - cols, c + cols];
    for (const n of neighbours) {
      if (n < 0 || n >= cols * rows || isBackground[n] || zone[n] !== NEAR) continue;
      if (looksLikeBackground(n)) isBackground[n] = 1;
      else if (continues(n, c)) {
        // A shade of the wall the far cells did not show (a darker corner): its pixels join the colours.
        isBackground[n] = 1;
        widen(binOf(Math.round(mean(n, 0)), Math.round(mean(n, 1)), Math.round(mean(n, 2))));
      } else continue;
      queue[tail++] = n;
    }
  }

  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / cell);
    for (let x = 0; x < width; x += 1) {
      const col = Math.floor(x / cell);
      const c = row * cols + col;
      if (zone[c] === FAR) {
        mask[y * width + x] = 255;
        continue;
      }
      if (zone[c] === HEAD) continue;
      const reached =
        isBackground[c] ||
        (col > 0 && isBackground[c - 1]) ||
        (col < cols - 1 && isBackground[c + 1]) ||
        (row > 0 && isBackground[c - cols]) ||
        (row < rows - 1 && isBackground[c + cols]);
      const i = (y * width + x) * 3;
      if (reached && inPalette(i)) mask[y * width + x] = 255;
    }
  }
  return mask;
}

/**
 * The background's weight for each pixel, 0–255: the mask blurred over FEATHER_PX (a box blur,
 * rows then columns) so the new colour fades into the old at the outline, then set to 0 wherever
 * the mask says person, so the blend reaches only outwards.
 */
function feathered(mask: Uint8Array, width: number, height: number): Uint8Array {
  const span = 2 * FEATHER_PX + 1;
  const across = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      for (let dx = -FEATHER_PX; dx <= FEATHER_PX; dx += 1) {
        const sx = Math.min(width - 1, Math.max(0, x + dx));
        sum += mask[y * width + sx] ?? 0;
      }
      across[y * width + x] = sum / span;
    }
  }
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (mask[i] === 0) continue;
      let sum = 0;
      for (let dy = -FEATHER_PX; dy <= FEATHER_PX; dy += 1) {
        const sy = Math.min(height - 1, Math.max(0, y + dy));
        sum += across[sy * width + x] ?? 0;
      }
      alpha[i] = Math.round(sum / span);
    }
  }
  return alpha;
}

/**
 * A copy of `image` with its background replaced by the size's plain colour, blended over a few
 * pixels at the outline. Every pixel of the person (see backgroundMask) is copied unchanged.
 */
export function evenBackground(image: RgbImage, face: FaceGeometry, colour: Rgb): RgbImage {
  const { width, height, data } = image;
  const alpha = feathered(backgroundMask(image, face), width, height);
  const out = Buffer.from(data);
  for (let p = 0; p < width * height; p += 1) {
    const a = alpha[p] ?? 0;
    if (a === 0) continue;
    const i = p * 3;
    out[i] = Math.round(((data[i] ?? 0) * (255 - a) + colour.r * a) / 255);
    out[i + 1] = Math.round(((data[i + 1] ?? 0) * (255 - a) + colour.g * a) / 255);
    out[i + 2] = Math.round(((data[i + 2] ?? 0) * (255 - a) + colour.b * a) / 255);
  }
  return { data: out, width, height };
}
