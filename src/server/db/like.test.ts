import { describe, expect, it } from 'vitest';
import { containing } from './like.ts';

describe('containing', () => {
  it('matches the text anywhere, with LIKE’s own characters taken literally', () => {
    expect(containing('sharma')).toBe('%sharma%');
    expect(containing('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
