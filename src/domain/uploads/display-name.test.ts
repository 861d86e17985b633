import { describe, expect, it } from 'vitest';
import { displayFileName, MAX_FILE_NAME_LENGTH, truncateFileName, UNNAMED_FILE } from './display-name.ts';

describe('displayFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(displayFileName('Passport bio page.pdf')).toBe('Passport bio page.pdf');
  });

  it('truncates a name over 500 characters to 500 followed by an ellipsis (SPEC.md §5)', () => {
    const long = `${'a'.repeat(600)}.pdf`;
    const shown = displayFileName(long);
    expect(shown).toBe(`${'a'.repeat(500)}…`);
    expect(Array.from(shown)).toHaveLength(MAX_FILE_NAME_LENGTH + 1);
    expect(displayFileName('b'.repeat(500))).toBe('b'.repeat(500));
  });

  it('counts characters, never splitting an emoji in two', () => {
    const name = '😀'.repeat(501);
    expect(truncateFileName(name)).toBe(`${'😀'.repeat(500)}…`);
  });

  it('drops any path a browser sent and never returns a separator', () => {
    expect(displayFileName('C:\\Users\\asha\\Desktop\\photo.jpg')).toBe('photo.jpg');
    expect(displayFileName('../../etc/passwd')).toBe('passwd');
  });

  it('removes control and text-direction characters that could disguise the extension', () => {
    expect(displayFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(displayFileName('a\u0000b\nc\u007f.pdf')).toBe('abc.pdf');
  });

  it('names a file that came without a usable name', () => {
    expect(displayFileName('')).toBe(UNNAMED_FILE);
    expect(displayFileName(undefined)).toBe(UNNAMED_FILE);
    expect(displayFileName('folder/')).toBe(UNNAMED_FILE);
    expect(displayFileName('\u202E  ')).toBe(UNNAMED_FILE);
  });
});
