import { describe, expect, it } from 'vitest';
import { DOCUMENT_UPLOAD, MEGABYTE, PHOTO_UPLOAD } from './file-types.ts';
import { refusalBeforeSending } from './refuse-early.ts';

const file = (name: string, type: string, size = 2 * MEGABYTE) => ({ name, type, size });

describe('refusalBeforeSending', () => {
  it('says the server’s words for a file too large, of a type the slot does not take, or empty', () => {
    expect(refusalBeforeSending(file('IMG_2041.JPG', 'image/jpeg', 20 * MEGABYTE), PHOTO_UPLOAD)).toBe(
      'This file is larger than 15 MB. Please upload a smaller file.',
    );
    expect(refusalBeforeSending(file('notes.pdf', 'application/pdf'), PHOTO_UPLOAD)).toBe(
      'This file type is not accepted here. Please upload a JPEG, PNG or HEIC file.',
    );
    expect(refusalBeforeSending(file('me.jpg', 'image/jpeg', 0), PHOTO_UPLOAD)).toBe(
      'This file is empty. Please choose the file again.',
    );
  });

  it('names the type before the size, as the server (which reads the first bytes before the rest)', () => {
    expect(refusalBeforeSending(file('scan.pdf', 'application/pdf', 20 * MEGABYTE), PHOTO_UPLOAD)).toMatch(
      /file type is not accepted/,
    );
  });

  it('refuses a declared type the slot does not take even without an extension we know', () => {
    expect(refusalBeforeSending(file('clip.mov', 'video/quicktime'), PHOTO_UPLOAD)).toMatch(/not accepted/);
    expect(refusalBeforeSending(file('photo.webp', 'image/webp'), PHOTO_UPLOAD)).toMatch(/not accepted/);
    expect(refusalBeforeSending(file('scan', 'application/pdf'), PHOTO_UPLOAD)).toMatch(/not accepted/);
  });

  it('leaves to the server a file whose name or declared type is one the slot takes, or that says nothing', () => {
    // HEIC is often declared as nothing (Windows), a .jfif as JPEG: the bytes decide.
    expect(refusalBeforeSending(file('IMG_0001.HEIC', ''), PHOTO_UPLOAD)).toBeNull();
    expect(refusalBeforeSending(file('portrait.jfif', 'image/jpeg'), PHOTO_UPLOAD)).toBeNull();
    expect(refusalBeforeSending(file('IMG_2041', ''), PHOTO_UPLOAD)).toBeNull();
    // Some phones' pickers declare any file as bytes, with a name without its extension.
    expect(refusalBeforeSending(file('IMG_2041', 'application/octet-stream'), PHOTO_UPLOAD)).toBeNull();
    expect(refusalBeforeSending(file('IMG_2041.jpg', 'application/octet-stream'), PHOTO_UPLOAD)).toBeNull();
    expect(refusalBeforeSending(file('photo.tiff', ''), PHOTO_UPLOAD)).toBeNull();
    expect(refusalBeforeSending(file('passport.pdf', 'application/pdf'), DOCUMENT_UPLOAD)).toBeNull();
    expect(refusalBeforeSending(file('me.jpg', 'image/jpeg', PHOTO_UPLOAD.maxBytes), PHOTO_UPLOAD)).toBeNull();
  });
});
