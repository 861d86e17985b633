import { describe, expect, it } from 'vitest';
import { parameterLabel } from './parameter-labels.ts';

describe('parameterLabel', () => {
  it('splits camel case into capitalised words', () => {
    expect(parameterLabel('applyingFrom')).toBe('Applying From');
    expect(parameterLabel('citizenship')).toBe('Citizenship');
    expect(parameterLabel('destination')).toBe('Destination');
  });
});
