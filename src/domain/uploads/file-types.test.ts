import { describe, expect, it } from 'vitest';
import { acceptAttribute, describeUploadTypes, formatFileSize, MEGABYTE, uploadTypeNamed } from './file-types.ts';
import {
  fileTooLargeMessage,
  pageTooLargeMessage,
  tooManyPagesMessage,
  tooManyPixelsMessage,
  UPLOAD_MESSAGES,
  unsupportedTypeMessage,
} from './messages.ts';

describe('upload types', () => {
  it('lists the types as a customer reads them', () => {
    expect(describeUploadTypes(['jpeg', 'png', 'heic', 'pdf'])).toBe('JPEG, PNG, HEIC or PDF');
    expect(describeUploadTypes(['jpeg', 'pdf'])).toBe('JPEG or PDF');
    expect(describeUploadTypes(['pdf'])).toBe('PDF');
  });

  it('builds the accept attribute of a file picker from extensions and media types', () => {
    expect(acceptAttribute(['jpeg', 'heic'])).toBe('.jpg,.jpeg,image/jpeg,.heic,.heif,image/heic,image/heif');
  });

  it('shows sizes in MB and KB', () => {
    expect(formatFileSize(10 * MEGABYTE)).toBe('10 MB');
    expect(formatFileSize(1.5 * MEGABYTE)).toBe('1.5 MB');
    expect(formatFileSize(500 * 1024)).toBe('500 KB');
  });
});

describe('upload messages', () => {
  it('words every refusal as the customer reads it', () => {
    expect(unsupportedTypeMessage(['jpeg', 'png', 'heic', 'pdf'])).toBe(
      'This file type is not accepted here. Please upload a JPEG, PNG, HEIC or PDF file.',
    );
    expect(fileTooLargeMessage(10 * MEGABYTE)).toBe('This file is larger than 10 MB. Please upload a smaller file.');
    expect(tooManyPixelsMessage(50)).toBe(
      'This image is too large (over 50 megapixels). Please upload a smaller photo or scan.',
    );
    expect(tooManyPagesMessage(50)).toBe('This PDF has more than 50 pages. Please upload only the pages we ask for.');
    expect(pageTooLargeMessage()).toBe(
      'This PDF has a page far larger than any paper size. Please scan or save it again at its real size.',
    );
    expect(UPLOAD_MESSAGES.empty).toBe('This file is empty. Please choose the file again.');
    expect(UPLOAD_MESSAGES.pdfEncrypted).toBe(
      'This PDF is protected by a password. Please upload a copy without a password.',
    );
  });
});

describe('uploadTypeNamed', () => {
  it('reads the type a name claims by its last extension, in any case', () => {
    expect(uploadTypeNamed('scan.PDF')).toBe('pdf');
    expect(uploadTypeNamed('IMG_0042.jpeg')).toBe('jpeg');
    expect(uploadTypeNamed('photo.heif')).toBe('heic');
    expect(uploadTypeNamed('statement.pdf.html')).toBeNull();
    expect(uploadTypeNamed('README')).toBeNull();
    expect(uploadTypeNamed('.pdf')).toBe('pdf');
  });
});
