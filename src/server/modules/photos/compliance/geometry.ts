// Where the head is, from the 68 landmarks, and where to crop so it sits where a size wants it.
// Pure arithmetic on points; every figure is in the pixels of the image it is measured for.
import type { PhotoSizeSpec } from '../../../../domain/photos/sizes.ts';
import type { RawFace } from './faces.ts';

export interface Point {
  x: number;
  y: number;
}
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Crown height from the landmarks, which stop at the eyebrows: chin to crown ≈ chin to eyebrows
 * × 1.8. Anthropometric norms (Farkas) put the whole head (vertex–gnathion, ~23 cm) at ~1.75× the
 * chin-to-brow height (~13 cm); 1.8 adds a little for hair, which the US and Canadian rules count
 * in the head. Checked by eye on the package's sample faces (see the decision record).
 */
export const CROWN_FACTOR = 1.8;

export interface FaceGeometry {
  box: Rect;
  /** Eye centres: the one on the image's left, then the right. */
  eyes: [Point, Point];
  eyeMid: Point;
  chin: Point;
  crown: Point;
  /** Chin to crown, along the face's own axis. */
  headHeight: number;
  /** Roll, degrees, positive when the head leans to the image's right (clockwise). */
  rollDegrees: number;
  /** The face proper: jaw sides, eyebrows to chin (for sharpness and shadow). */
  face: Rect;
  /** The whole head with hair: what the background sample must leave out. */
  head: Rect;
}

function mean(points: Point[]): Point {
  const sum = points.reduce((acc, p) => ({ x: acc.x + p.x, y: acc.y + p.y }), { x: 0, y: 0 });
  return { x: sum.x / points.length, y: sum.y / points.length };
}

function landmarkPoints(flat: number[], scale: number, origin: Point): Point[] {
  const points: Point[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2)
    points.push({ x: (flat[i] ?? 0) * scale - origin.x, y: (flat[i + 1] ?? 0) * scale - origin.y });
  return points;
}

const TOP_LEFT: Point = { x: 0, y: 0 };

/**
 * Measures a detected face in another image's pixels: a detection pixel (x, y) is that image's
 * (x × scale − origin.x, y × scale − origin.y). Scaled only: the whole photo; with an origin too:
 * a crop of it, such as the one the engine decodes for the measures and the fit.
 */
export function faceGeometry(raw: RawFace, scale: number, origin: Point = TOP_LEFT): FaceGeometry {
  const points = landmarkPoints(raw.landmarks, scale, origin);
  const range = (from: number, to: number) => points.slice(from, to + 1);
  // iBUG 68: 0–16 jaw (8 the chin), 17–26 eyebrows, 36–41 and 42–47 the eyes.
  const leftEye = mean(range(36, 41));
  const rightEye = mean(range(42, 47));
  const chin = points[8] ?? { x: 0, y: 0 };
  const brows = mean(range(17, 26));
  const crown = { x: chin.x + (brows.x - chin.x) * CROWN_FACTOR, y: chin.y + (brows.y - chin.y) * CROWN_FACTOR };
  const headHeight = Math.hypot(crown.x - chin.x, crown.y - chin.y);
  const jaw = range(0, 16);
  const jawLeft = Math.min(...jaw.map((p) => p.x));
  const jawRight = Math.max(...jaw.map((p) => p.x));
  const browTop = Math.min(...range(17, 26).map((p) => p.y));
  const faceWidth = jawRight - jawLeft;
  return {
    box: {
      left: raw.box.x * scale - origin.x,
      top: raw.box.y * scale - origin.y,
      width: raw.box.width * scale,
      height: raw.box.height * scale,
    },
    eyes: [leftEye, rightEye],
    eyeMid: mean([leftEye, rightEye]),
    chin,
    crown,
    headHeight,
    rollDegrees: (Math.atan2(rightEye.y - leftEye.y, rightEye.x - leftEye.x) * 180) / Math.PI,
    face: { left: jawLeft, top: browTop, width: faceWidth, height: chin.y - browTop },
    // Hair and ears reach about a sixth of the face's width beyond the jaw on each side.
    head: {
      left: jawLeft - faceWidth * 0.15,
      top: crown.y,
      width: faceWidth * 1.3,
      height: chin.y - crown.y,
    },
  };
}

/** The output's figures: where the head and eyes land in a crop. */
export interface Placement {
  /** Head height as a fraction of the crop height. */
  headFraction: number;
  /** Eye line's height from the crop's bottom edge, as a fraction of its height. */
  eyeFraction: number;
  /** Face centre's offset from the crop's centre line, as a fraction of its width (negative: left). */
  centreOffset: number;
  /** The crown falls above the crop's top edge: part of the head is cut off. */
  crownCut: boolean;
}

export function placement(face: FaceGeometry, crop: Rect): Placement {
  return {
    headFraction: face.headHeight / crop.height,
    eyeFraction: (crop.top + crop.height - face.eyeMid.y) / crop.height,
    centreOffset: (face.eyeMid.x - crop.left) / crop.width - 0.5,
    crownCut: face.crown.y < crop.top - 0.5,
  };
}

const middle = ([min, max]: readonly [number, number]) => (min + max) / 2;
/** Aim this far inside an eye-line or head range's ends, as a fraction of its width, so rounding cannot fall out. */
const RANGE_INSET = 0.15;
/** Of the space the head leaves, the share above the crown (the rest is neck and shoulders). */
const TOP_SHARE = 0.4;

/**
 * The photo's rectangle to fit. `left`, `top`, `width` and `height` are in the photo's pixels turned
 * by `angle` degrees (clockwise, as sharp's rotate) about `pivot`, the eye midpoint; angle 0 is the
 * photo as taken, and the rectangle is then in its own pixels.
 */
export interface Crop extends Rect {
  angle: number;
  pivot: Point;
}

/** `p` turned about `pivot` by `degrees`, clockwise on the screen (y points down), as sharp's rotate turns an image. */
export function turn(p: Point, pivot: Point, degrees: number): Point {
  const radians = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const dx = p.x - pivot.x;
  const dy = p.y - pivot.y;
  return { x: pivot.x + dx * cos - dy * sin, y: pivot.y + dx * sin + dy * cos };
}

/**
 * A roll at least this large is straightened (HivisionIDPhotos' own threshold). Below it, the
 * figure is within twice the landmarks' jitter (~1° on the samples: the same level face reads
 * 0.9° whole and 1.1° at 1000 px), the head looks level, and turning would resample the photo and
 * cost ~30 ms for nothing.
 */
export const MIN_STRAIGHTEN_DEGREES = 2;
/**
 * A roll beyond this is left as taken, and the tilt rule says so. A camera held a little crooked
 * turns the whole scene a few degrees; a larger roll is mostly the head leaning on the shoulders,
 * and turning the photo level would slant the shoulders and the frame by as much (a posture the
 * portals refuse), so a retake is the honest answer. 8° also bounds the room the turned crop needs
 * around it: its frame in the photo is at most ~17 % wider and ~10 % taller (a 7 : 9 crop), and
 * the crop is never filled: it is straightened only when it lies inside the photo
 * (decision 0111-photo-fit-straighten-blur-verdict).
 */
export const MAX_STRAIGHTEN_DEGREES = 8;

/** The turn (degrees, clockwise) that levels a face of this roll, or 0 when it is not straightened. */
export function straighteningAngle(rollDegrees: number): number {
  const roll = Math.abs(rollDegrees);
  return roll >= MIN_STRAIGHTEN_DEGREES && roll <= MAX_STRAIGHTEN_DEGREES ? -rollDegrees : 0;
}

/** The detected face as it is once its photo is turned by `degrees` about the eye midpoint. */
export function turnFace(raw: RawFace, degrees: number): RawFace {
  const points = landmarkPoints(raw.landmarks, 1, TOP_LEFT);
  const pivot = mean([mean(points.slice(36, 42)), mean(points.slice(42, 48))]);
  const boxCentre = turn({ x: raw.box.x + raw.box.width / 2, y: raw.box.y + raw.box.height / 2 }, pivot, degrees);
  return {
    score: raw.score,
    box: { ...raw.box, x: boxCentre.x - raw.box.width / 2, y: boxCentre.y - raw.box.height / 2 },
    landmarks: points.flatMap((p) => {
      const turned = turn(p, pivot, degrees);
      return [turned.x, turned.y];
    }),
  };
}

/** The same face in pixels whose origin is `origin` in these, scaled by `scale`. */
export function faceIn(face: FaceGeometry, origin: Point, scale: number): FaceGeometry {
  const point = (p: Point) => ({ x: (p.x - origin.x) * scale, y: (p.y - origin.y) * scale });
  const rect = (r: Rect) => ({
    left: (r.left - origin.x) * scale,
    top: (r.top - origin.y) * scale,
    width: r.width * scale,
    height: r.height * scale,
  });
  return {
    box: rect(face.box),
    eyes: [point(face.eyes[0]), point(face.eyes[1])],
    eyeMid: point(face.eyeMid),
    chin: point(face.chin),
    crown: point(face.crown),
    headHeight: face.headHeight * scale,
    rollDegrees: face.rollDegrees,
    face: rect(face.face),
    head: rect(face.head),
  };
}

function corners(rect: Rect): Point[] {
  const right = rect.left + rect.width;
  const bottom = rect.top + rect.height;
  return [
    { x: rect.left, y: rect.top },
    { x: right, y: rect.top },
    { x: rect.left, y: bottom },
    { x: right, y: bottom },
  ];
}

/** Where a crop lies in the photo as taken: the smallest upright rectangle around its corners. */
export function cropBounds(crop: Crop): Rect {
  const points = corners(crop).map((p) => turn(p, crop.pivot, -crop.angle));
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

/** The crop that puts the head at the middle of the size's head range, centred, with the eyes inside the eye-line range. */
function idealCrop(face: FaceGeometry, size: PhotoSizeSpec): Rect {
  const headRange = size.headHeight ?? [0.5, 0.7];
  const eyeRange = size.eyeLine ?? [0.5, 0.7];
  const height = face.headHeight / middle(headRange);
  const width = (height * size.widthPx) / size.heightPx;
  // Vertically: a natural margin above the crown, moved as little as needed to bring the eyes in range.
  const inset = (eyeRange[1] - eyeRange[0]) * RANGE_INSET;
  const topForEyes = (fromBottom: number) => face.eyeMid.y - (1 - fromBottom) * height;
  const natural = face.crown.y - (1 - middle(headRange)) * TOP_SHARE * height;
  const top = Math.min(Math.max(natural, topForEyes(eyeRange[0] + inset)), topForEyes(eyeRange[1] - inset));
  return { left: face.eyeMid.x - width / 2, top, width, height };
}

/**
 * The smallest share of the ideal crop that keeps the head inside its range: shrinking the crop
 * makes the head (planned at the range's middle) bigger in the frame, up to the range's top less
 * its inset.
 */
function leastShare(size: PhotoSizeSpec): number {
  const [min, max] = size.headHeight ?? [0.5, 0.7];
  return middle([min, max]) / (max - (max - min) * RANGE_INSET);
}

/** `rect` shrunk by `share` about `pivot`, which keeps its place in the frame. */
function shrinkAbout(rect: Rect, pivot: Point, share: number): Rect {
  return {
    left: pivot.x - (pivot.x - rect.left) * share,
    top: pivot.y - (pivot.y - rect.top) * share,
    width: rect.width * share,
    height: rect.height * share,
  };
}

/**
 * The largest share (at most 1) of `rect`, shrunk about `pivot`, that lies inside the photo, at
 * least `margin` pixels from its edges, once turned back by `angle` into the photo as taken.
 */
function insideShare(
  rect: Rect,
  pivot: Point,
  angle: number,
  image: { width: number; height: number },
  margin: number,
) {
  let share = 1;
  for (const corner of corners(rect)) {
    const p = turn(corner, pivot, -angle);
    const [dx, dy] = [p.x - pivot.x, p.y - pivot.y];
    if (dx > 0) share = Math.min(share, (image.width - margin - pivot.x) / dx);
    if (dx < 0) share = Math.min(share, (pivot.x - margin) / -dx);
    if (dy > 0) share = Math.min(share, (image.height - margin - pivot.y) / dy);
    if (dy < 0) share = Math.min(share, (pivot.y - margin) / -dy);
  }
  return Math.max(0, share);
}

/**
 * The crop of the photo as taken: the ideal crop (head at the middle of the size's range, centred,
 * eyes in range). Near an edge it is first shrunk about the eyes, as far as the head range allows,
 * so the face stays centred; only a face too near the edge for that has the crop moved inside,
 * off centre. A crop bigger than the image is shrunk to fit. Never padded: the fitted photo's own
 * checks then say what is wrong (head too big, off centre).
 */
export function planCrop(face: FaceGeometry, size: PhotoSizeSpec, image: { width: number; height: number }): Crop {
  const ideal = idealCrop(face, size);
  const pivot = face.eyeMid;
  const centred = insideShare(ideal, pivot, 0, image, 0);
  if (centred >= leastShare(size)) return { ...shrinkAbout(ideal, pivot, centred), angle: 0, pivot };
  const share = Math.min(leastShare(size), image.width / ideal.width, image.height / ideal.height);
  const rect = shrinkAbout(ideal, pivot, share);
  return {
    left: Math.min(Math.max(rect.left, 0), image.width - rect.width),
    top: Math.min(Math.max(rect.top, 0), image.height - rect.height),
    width: rect.width,
    height: rect.height,
    angle: 0,
    pivot,
  };
}

/**
 * Kept this far inside the photo's edges when turned: the rotation interpolates each pixel from
 * its neighbours, and none may come from beyond the edge, even where a large photo is read at a
 * quarter of its size (decision 0084): 8 px of the photo is still 2 px there.
 */
const TURN_MARGIN = 8;

/**
 * The crop of the photo turned by `angle` about the eyes, `level` being the face once turned: the
 * ideal crop, shrunk about the eyes as far as the head range allows to stay inside the photo.
 * Null when even that leaves the photo: the turned crop would need pixels the photo does not have,
 * and we never invent them, so the photo is fitted as taken.
 */
export function planLevelCrop(
  level: FaceGeometry,
  size: PhotoSizeSpec,
  image: { width: number; height: number },
  angle: number,
): Crop | null {
  const ideal = idealCrop(level, size);
  const pivot = level.eyeMid;
  const share = insideShare(ideal, pivot, angle, image, TURN_MARGIN);
  return share >= leastShare(size) ? { ...shrinkAbout(ideal, pivot, share), angle, pivot } : null;
}
