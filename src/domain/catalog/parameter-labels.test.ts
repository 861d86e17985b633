import { describe, expect, it } from 'vitest';
import { choiceLines, parameterLabel } from './parameter-labels.ts';

describe('parameterLabel', () => {
  it('splits camel case into capitalised words', () => {
    expect(parameterLabel('applyingFrom')).toBe('Applying From');
    expect(parameterLabel('citizenship')).toBe('Citizenship');
    expect(parameterLabel('destination')).toBe('Destination');
  });
});

describe('choiceLines', () => {
  it('names each chosen country under its parameter, in the parameters’ order', () => {
    expect(choiceLines({ destination: 'IN', applyingFrom: 'us' })).toEqual([
      'Applying From: United States',
      'Destination: India',
    ]);
  });

  it('leaves out what was not chosen', () => {
    expect(choiceLines({})).toEqual([]);
    expect(choiceLines({ citizenship: '' })).toEqual([]);
  });
});
