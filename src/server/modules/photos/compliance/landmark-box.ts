// The box the 68 landmarks are read in, drawn from the face itself rather than from the detector's
// box. The landmark network places the jaw and chin inside whatever box it is given, and SSD
// MobileNet boxes a face tighter the more of its input the face fills: on a photo the engine had
// fitted, the chin read 1–3 % of the height higher than on the photo it was fitted from, and the
// head (1.8 × chin to eyebrows) 2–6 points smaller than planned. The eyes and the mouth read the
// same in either box (±0.3 %), so a box drawn from them is the same however tightly the photo is
// framed, and the chin read in it is too.

/**
 * The detector's median box around a face in the face-api demo's group photos (22 faces, each a
 * small part of its photo, as in a customer's upload), in eye-to-mouth distances from the centre
 * of the eyes and the mouth: its top edge, width and height. Centred across.
 */
export const LANDMARK_BOX = { top: -1.36, width: 1.77, height: 2.49 } as const;

/** A rectangle in an image's pixels, which may reach past its edges. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const mean = (flat: number[], from: number, to: number) => {
  let x = 0;
  let y = 0;
  for (let i = from; i <= to; i += 1) {
    x += flat[2 * i] ?? 0;
    y += flat[2 * i + 1] ?? 0;
  }
  const n = to - from + 1;
  return { x: x / n, y: y / n };
};

/**
 * LANDMARK_BOX for a first reading of the landmarks (x0, y0, x1, y1, … in an image's pixels), in
 * those pixels. Not cut at the image's edges: on a photo framed tightly it reaches past the chin's
 * edge, and the face is read in it as in any other (the detector fills the part beyond with black,
 * as the landmark network pads every face it reads to a square).
 */
export function landmarkBox(landmarks: number[]): Box {
  // iBUG 68: 36–41 and 42–47 the eyes, 48–67 the mouth.
  const [leftEye, rightEye, mouth] = [mean(landmarks, 36, 41), mean(landmarks, 42, 47), mean(landmarks, 48, 67)];
  const centre = { x: (leftEye.x + rightEye.x + mouth.x) / 3, y: (leftEye.y + rightEye.y + mouth.y) / 3 };
  const unit =
    (Math.hypot(mouth.x - leftEye.x, mouth.y - leftEye.y) + Math.hypot(mouth.x - rightEye.x, mouth.y - rightEye.y)) / 2;
  return {
    x: centre.x - (LANDMARK_BOX.width / 2) * unit,
    y: centre.y + LANDMARK_BOX.top * unit,
    width: LANDMARK_BOX.width * unit,
    height: LANDMARK_BOX.height * unit,
  };
}
