import { describe, expect, it } from 'vitest';
import { distinctFaces, type Region, tilesOf } from './tiles.ts';

/** Whether every pixel of the photo lies in a tile, and every tile in the photo. */
function covers(tiles: Region[], width: number, height: number) {
  const inside = tiles.every(
    (t) => t.left >= 0 && t.top >= 0 && t.left + t.width <= width && t.top + t.height <= height,
  );
  const seen = (x: number, y: number) =>
    tiles.some((t) => x >= t.left && x < t.left + t.width && y >= t.top && y < t.top + t.height);
  let all = true;
  for (let y = 0; y < height; y += 7) for (let x = 0; x < width; x += 7) all &&= seen(x, y);
  return inside && all && seen(width - 1, height - 1);
}

describe('tilesOf: the parts a photo is read in when the detector looks again', () => {
  it('reads a wide photo in squares of its short side, overlapping by at least half a tile', () => {
    // Two people side by side, read at ≤ 1000 px (the engine's detection copy of 3192 × 1750).
    const tiles = tilesOf(1000, 548);
    expect(tiles).toEqual([
      { left: 0, top: 0, width: 548, height: 548 },
      { left: 226, top: 0, width: 548, height: 548 },
      { left: 452, top: 0, width: 548, height: 548 },
    ]);
    expect(covers(tiles, 1000, 548)).toBe(true);
  });

  it('reads a 4 : 3 phone photo in two tiles, a square one in four three quarters of its side', () => {
    expect(tilesOf(750, 1000)).toEqual([
      { left: 0, top: 0, width: 750, height: 750 },
      { left: 0, top: 250, width: 750, height: 750 },
    ]);
    const square = tilesOf(1000, 1000);
    expect(square).toHaveLength(4);
    expect(square.every((t) => t.width === 750 && t.height === 750)).toBe(true);
    expect(covers(square, 1000, 1000)).toBe(true);
  });

  it('reads a panorama in at most 7 tiles, each a quarter of its length', () => {
    const tiles = tilesOf(1000, 60);
    expect(tiles).toHaveLength(7);
    expect(tiles.every((t) => t.width === 250 && t.height === 60)).toBe(true);
    expect(covers(tiles, 1000, 60)).toBe(true);
  });
});

describe('distinctFaces: one detection a face, of those the tiles found', () => {
  const at = (x: number, width: number, y = 150) => ({ box: { x, y, width, height: width } });

  it('keeps each face once, its box whole rather than cut by a tile’s edge', () => {
    // The left face whole in the first tile and cut by the second's left edge; the right one whole twice.
    const whole = at(185, 125);
    const cut = at(226, 84);
    const right = [at(689, 127), at(686, 87)];
    expect(distinctFaces([cut, ...right, whole])).toEqual([right[0], whole]);
  });

  it('keeps two people side by side, however close', () => {
    const pair = [at(300, 120), at(425, 120, 160)];
    expect(distinctFaces(pair)).toHaveLength(2);
  });
});
