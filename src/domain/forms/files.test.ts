import { describe, expect, it } from 'vitest';
import { fileProblem, truncateFileName } from './files.ts';

describe('truncateFileName (SPEC.md §5: 500 characters with an ellipsis)', () => {
  it('keeps names of up to 500 characters as they are', () => {
    expect(truncateFileName('passport.pdf')).toBe('passport.pdf');
    expect(truncateFileName('a'.repeat(500))).toBe('a'.repeat(500));
  });

  it('cuts a longer name to 499 characters and an ellipsis, never inside a character', () => {
    expect(truncateFileName('a'.repeat(501))).toBe(`${'a'.repeat(499)}…`);
    const emoji = '📄'.repeat(600);
    const cut = truncateFileName(emoji);
    expect([...cut]).toHaveLength(500);
    expect(cut).toBe(`${'📄'.repeat(499)}…`);
  });

  it('turns control characters into spaces', () => {
    expect(truncateFileName('scan\u0000page\n1.pdf')).toBe('scan page 1.pdf');
  });
});

describe('fileProblem', () => {
  it('checks a chosen file before it is uploaded, with the schema’s messages', () => {
    const field = { type: 'image upload', key: 'photo', label: 'Photo', rules: { maxSize: 500 * 1024 } } as const;
    expect(fileProblem(field, 'Photo', { type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(fileProblem(field, 'Photo', { type: 'image/gif', size: 1000 })).toBe(
      'Photo must be a JPEG, PNG, HEIC or HEIF file',
    );
    expect(fileProblem(field, 'Photo', { type: 'image/jpeg', size: 500 * 1024 + 1 })).toBe(
      'Photo must be at most 500 KB',
    );
  });
});
