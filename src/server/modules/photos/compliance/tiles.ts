// Where the detector looks again at a photo whose whole nearly showed a face (detector.ts,
// LOOK_AGAIN_FLOOR). SSD MobileNet reads any image at 512 px, and scores a clear face about 55–70 px
// wide there under its bar: two people side by side in a 3192 × 1750 photo, one person on a wide
// wall, or a face 12 % of a 3000 × 4000 phone photo read as "no face". Read in parts, each again at
// 512 px, the same face is larger to the network: the sample faces that scored 0.25–0.48 in the
// whole of those photos score 0.72–1.00 in a part.

/** A rectangle of the photo, in its pixels. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A tile's side, as a share of the photo's long side, at most: a square photo is read in four tiles
 * three quarters of its side, where its faces are a third larger than in the whole; a 4 : 3 photo in
 * two tiles its short side.
 */
const TILE_MAX_SHARE = 3 / 4;
/** A tile's side, as a share of the long side, at least: a panorama is read in at most 7 tiles. */
const TILE_MIN_SHARE = 1 / 4;

/**
 * Where tiles `tile` px long start along a side `length` px long: the first at one end, the last
 * at the other, each overlapping the next by at least half a tile, so that any face up to half a
 * tile across lies whole in one of them.
 */
function starts(length: number, tile: number): number[] {
  const count = Math.ceil((length - tile) / (tile / 2)) + 1;
  return Array.from({ length: count }, (_, i) => (count === 1 ? 0 : Math.round((i * (length - tile)) / (count - 1))));
}

/**
 * The tiles a photo `width` × `height` is read in when the detector looks again: squares as large
 * as its short side (at most TILE_MAX_SHARE of the long side, at least TILE_MIN_SHARE), overlapping
 * by at least half a tile, together covering the whole photo.
 */
export function tilesOf(width: number, height: number): Region[] {
  const long = Math.max(width, height);
  const side = Math.round(Math.max(long * TILE_MIN_SHARE, Math.min(width, height, long * TILE_MAX_SHARE)));
  const tile = { width: Math.min(side, width), height: Math.min(side, height) };
  return starts(height, tile.height).flatMap((top) =>
    starts(width, tile.width).map((left) => ({ left, top, ...tile })),
  );
}

/** A detection's box in the photo's pixels. */
interface Found {
  box: { x: number; y: number; width: number; height: number };
}

/**
 * Two boxes are the same face when they overlap by at least this share of the smaller one: a face
 * found in two overlapping tiles, or cut by one tile's edge and whole in the next. Two people side
 * by side, however close, do not overlap that much.
 */
const SAME_FACE_OVERLAP = 0.5;

function overlapOfSmaller(a: Found['box'], b: Found['box']): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / Math.min(a.width * a.height, b.width * b.height);
}

/**
 * One detection a face, of those the tiles found: of a face found more than once, its largest box,
 * which is the face found whole (the same face cut by a tile's edge draws a smaller box).
 */
export function distinctFaces<T extends Found>(found: T[]): T[] {
  const kept: T[] = [];
  const largestFirst = [...found].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  for (const face of largestFirst) {
    if (kept.every((other) => overlapOfSmaller(face.box, other.box) < SAME_FACE_OVERLAP)) kept.push(face);
  }
  return kept;
}
