import { describe, expect, it } from 'vitest';
import {
  BROKEN_CHARACTER_MESSAGE,
  NUL_CHARACTER_MESSAGE,
  storableJson,
  storableText,
  unstorableTextMessage,
} from './text.ts';

describe('text PostgreSQL can store', () => {
  it('refuses a NUL character and a lone surrogate, not a whole emoji', () => {
    expect(unstorableTextMessage('Asha 😀 Verma')).toBeNull();
    expect(unstorableTextMessage('a\u0000b')).toBe(NUL_CHARACTER_MESSAGE);
    expect(unstorableTextMessage('a\ud83d')).toBe(BROKEN_CHARACTER_MESSAGE);
    expect(unstorableTextMessage('\ude00a')).toBe(BROKEN_CHARACTER_MESSAGE);
  });

  it('makes text to keep storable: NULs removed, lone surrogates replaced, whole emoji kept', () => {
    expect(storableText('a\u0000b\ud800c 😀')).toBe('ab\ufffdc 😀');
    expect(storableJson({ id: 'evt\u0000', data: [{ 'k\ud800': 'v\udc00', n: 1, ok: true, none: null }] })).toEqual({
      id: 'evt',
      data: [{ 'k\ufffd': 'v\ufffd', n: 1, ok: true, none: null }],
    });
  });
});
