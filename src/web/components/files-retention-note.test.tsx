import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FilesRetentionNote } from './files-retention-note.tsx';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('FilesRetentionNote', () => {
  it('says nothing while the order is open', () => {
    expect(renderToStaticMarkup(<FilesRetentionNote files={{ deleteOn: null, deletedAt: null }} />)).toBe('');
  });

  it('says until when a closed order’s files can be downloaded', () => {
    const html = renderToStaticMarkup(<FilesRetentionNote files={{ deleteOn: '2027-03-01', deletedAt: null }} />);
    expect(text(html)).toBe(
      'These files will be deleted on 1 March 2027 under our retention policy. Download any you want to keep before then.',
    );
  });

  it('says the files were deleted, and when, where they were', () => {
    const html = renderToStaticMarkup(
      <FilesRetentionNote files={{ deleteOn: '2027-03-01', deletedAt: '2027-03-01T10:41:00.000Z' }} />,
    );
    expect(text(html)).toBe(
      'The uploaded documents and photos of this order were deleted on 1 March 2027 under our retention policy. The order, its lines and payments remain.',
    );
  });
});
