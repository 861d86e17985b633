/** What the detection worker sends back per face, in the pixels of the image it was given. */
export interface RawFace {
  score: number;
  box: { x: number; y: number; width: number; height: number };
  /** The 68 landmarks (iBUG 300-W order) as x0, y0, x1, y1, … */
  landmarks: number[];
}
