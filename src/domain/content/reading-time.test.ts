import { describe, expect, it } from 'vitest';
import { readingMinutes } from './reading-time.ts';

describe('readingMinutes', () => {
  it('rounds up at 200 words a minute, never below one', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(200))).toBe(1);
    expect(readingMinutes('word '.repeat(201))).toBe(2);
  });

  it('counts words, not table pipes or Markdown marks', () => {
    expect(readingMinutes('| a | b |\n|---|---|\n- **one**')).toBe(1);
    expect(readingMinutes(`${'| x '.repeat(300)}|`)).toBe(2);
  });
});
