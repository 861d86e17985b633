import { Marked, Renderer, type Tokens } from 'marked';
import { escapeHtml } from '../../../domain/content/html.ts';

/** Links a stored text may carry: the web, e-mail, telephone, and paths or anchors on this site. */
function safeHref(href: string): string | null {
  const value = href.trim();
  if (/^(https?:|mailto:|tel:)/i.test(value)) return value;
  if (/^\/(?!\/)/.test(value) || value.startsWith('#')) return value;
  return null;
}

/** 'Fees from 1 July 2026' → 'fees-from-1-july-2026'. */
export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .trim()
      .replace(/[\s-]+/g, '-') || 'section'
  );
}

export interface RenderedMarkdown {
  html: string;
  /** The h2 headings, for a table of contents. */
  headings: { id: string; text: string }[];
}

/**
 * Markdown from the database → HTML that is safe to put in a page: raw HTML is escaped, links
 * and images keep only safe addresses, external links open without giving the opener away,
 * a level-1 heading becomes level 2 (the page's title is its only h1), and a table sits in a
 * region that scrolls sideways on a narrow screen and can be reached and scrolled with the
 * keyboard (tabindex 0, named after the heading above it).
 */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  const headings: RenderedMarkdown['headings'] = [];
  const used = new Map<string, number>();
  let lastHeading = '';
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(6, Math.max(2, depth));
        const inner = this.parser.parseInline(tokens);
        const plain = this.parser.parseInline(tokens, this.parser.textRenderer);
        const base = headingId(plain);
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen + 1}`;
        if (level === 2) headings.push({ id, text: plain });
        lastHeading = plain;
        return `<h${level} id="${id}">${inner}</h${level}>\n`;
      },
      table(token: Tokens.Table) {
        const table = Renderer.prototype.table.call(this, token);
        const name = lastHeading ? `Table: ${lastHeading}` : 'Table';
        return `<div class="table-scroll" role="region" aria-label="${escapeHtml(name)}" tabindex="0">${table}</div>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const safe = safeHref(href);
        if (!safe) return inner;
        const external = /^https?:/i.test(safe);
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
        const rel = external ? ' target="_blank" rel="noopener noreferrer"' : '';
        return `<a href="${escapeHtml(safe)}"${titleAttribute}${rel}>${inner}</a>`;
      },
      image({ href, title, text }: Tokens.Image) {
        const safe = safeHref(href);
        if (!safe || /^(mailto|tel):/i.test(safe)) return escapeHtml(text);
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
        return `<img src="${escapeHtml(safe)}" alt="${escapeHtml(text)}"${titleAttribute} loading="lazy">`;
      },
    },
  });
  const html = marked.parse(markdown) as string;
  return { html, headings };
}

/** Markdown → plain text (search snippets, e-mails, JSON-LD answers). */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/^\s*\d+\.\s+/gm, '')
    .replace(/[*_`>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
