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
/** Aim this far inside an eye-line range's ends, as a fraction of its width, so rounding cannot fall out. */
const EYE_RANGE_INSET = 0.15;
/** Of the space the head leaves, the share above the crown (the rest is neck and shoulders). */
const TOP_SHARE = 0.4;

/**
 * The crop that puts the head at the middle of the size's head range, centred, with the eyes
 * inside the eye-line range. A crop that would leave the image is shrunk and moved back inside,
 * never padded: the fitted photo's own checks then say what is wrong (head too big, off centre).
 */
export function planCrop(face: FaceGeometry, size: PhotoSizeSpec, image: { width: number; height: number }): Rect {
  const headRange = size.headHeight ?? [0.5, 0.7];
  const eyeRange = size.eyeLine ?? [0.5, 0.7];
  let height = face.headHeight / middle(headRange);
  let width = (height * size.widthPx) / size.heightPx;

  // Vertically: a natural margin above the crown, moved as little as needed to bring the eyes in range.
  const inset = (eyeRange[1] - eyeRange[0]) * EYE_RANGE_INSET;
  const topForEyes = (fromBottom: number) => face.eyeMid.y - (1 - fromBottom) * height;
  const natural = face.crown.y - (1 - middle(headRange)) * TOP_SHARE * height;
  let top = Math.min(Math.max(natural, topForEyes(eyeRange[0] + inset)), topForEyes(eyeRange[1] - inset));
  let left = face.eyeMid.x - width / 2;

  // Too big for the image: shrink about the eyes, so they keep their place in the frame.
  const shrink = Math.min(1, image.width / width, image.height / height);
  if (shrink < 1) {
    left = face.eyeMid.x - (face.eyeMid.x - left) * shrink;
    top = face.eyeMid.y - (face.eyeMid.y - top) * shrink;
    width *= shrink;
    height *= shrink;
  }
  left = Math.min(Math.max(left, 0), image.width - width);
  top = Math.min(Math.max(top, 0), image.height - height);
  return { left, top, width, height };
}
