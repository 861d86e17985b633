import { describe, expect, it } from 'vitest';
import { headingId, markdownToText, renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings with ids, lists, emphasis and tables', () => {
    const { html, headings } = renderMarkdown(
      '## Fees from 1 July 2026\n\nThe **adult** fee is *$125*.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    expect(html).toContain('<h2 id="fees-from-1-july-2026">Fees from 1 July 2026</h2>');
    expect(html).toContain('<strong>adult</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<table>');
    expect(headings).toEqual([{ id: 'fees-from-1-july-2026', text: 'Fees from 1 July 2026' }]);
  });

  it('puts a table in a keyboard-reachable scrolling region named after the heading above it', () => {
    const { html } = renderMarkdown('## Fees & timings\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n| c |\n|---|\n| 3 |\n');
    expect(html).toContain(
      '<div class="table-scroll" role="region" aria-label="Table: Fees &amp; timings" tabindex="0"><table>',
    );
    expect(html.match(/<div class="table-scroll"/g)).toHaveLength(2);
    expect(renderMarkdown('| a |\n|---|\n| 1 |\n').html).toContain('aria-label="Table" tabindex="0"><table>');
  });

  it('escapes raw HTML instead of passing it through', () => {
    const { html } = renderMarkdown('Hello <script>alert(1)</script>\n\n<img src=x onerror="alert(1)">');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops javascript: and data: links but keeps their text', () => {
    const { html } = renderMarkdown('[click](javascript:alert(1)) and [data](data:text/html,hi) ![x](javascript:1)');
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).not.toContain('<img');
    expect(html).toContain('click');
  });

  it('opens external links safely and keeps site paths as they are', () => {
    const { html } = renderMarkdown('[VFS](https://visa.vfsglobal.com/usa) and [OCI](/oci-card)');
    expect(html).toContain(
      '<a href="https://visa.vfsglobal.com/usa" target="_blank" rel="noopener noreferrer">VFS</a>',
    );
    expect(html).toContain('<a href="/oci-card">OCI</a>');
  });

  it('turns a level-1 heading into level 2 and numbers repeated ids', () => {
    const { html } = renderMarkdown('# Title\n\n## Title\n');
    expect(html).toContain('<h2 id="title">Title</h2>');
    expect(html).toContain('<h2 id="title-2">Title</h2>');
  });
});

describe('headingId and markdownToText', () => {
  it('makes readable ids', () => {
    expect(headingId('What does “OCI” mean?')).toBe('what-does-oci-mean');
    expect(headingId('!!!')).toBe('section');
  });

  it('strips Markdown to plain text', () => {
    expect(markdownToText('## Title\n\n- **Bold** [link](https://x.example)\n1. one')).toBe('Title Bold link one');
  });
});
