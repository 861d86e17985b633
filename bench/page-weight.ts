// First-load JavaScript of a server-rendered page, gzipped: the budget of DESIGN.md §4.
// Used by `npm run bench` and by the end-to-end suite, so it only needs `fetch`.
import { gzipSync } from 'node:zlib';

/** DESIGN.md §4: first-load JavaScript of a public page ≤ 120 KB gzipped (1 KB = 1024 bytes). */
export const PAGE_JS_BUDGET_BYTES = 120 * 1024;

export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
};

export interface ScriptWeight {
  url: string;
  /** How the page reaches it: a `<script src>`, a modulepreload link, or a static import of another script. */
  via: 'script' | 'modulepreload' | 'import';
  bytes: number;
  gzipBytes: number;
}

export interface PageWeight {
  pageUrl: string;
  scripts: ScriptWeight[];
  inlineScripts: { count: number; bytes: number; gzipBytes: number };
  /** Sum of every external script gzipped alone plus the inline scripts gzipped together. */
  totalGzipBytes: number;
  budgetBytes: number;
  withinBudget: boolean;
}

const gzipSize = (text: string) => gzipSync(text, { level: 9 }).length;

/** Non-JavaScript script types (JSON-LD, JSON data islands) are not first-load JavaScript. */
function isJavaScript(attributes: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return value?.replaceAll('&amp;', '&');
}

/** Static `import … from "x"`, `import "x"` and `export … from "x"` (not dynamic `import("x")`). */
function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) {
    if (m[1] && /\.m?js(?:[?#]|$)/.test(m[1])) found.push(m[1]);
  }
  return found;
}

export interface MeasureOptions {
  headers?: Readonly<Record<string, string>>;
  budgetBytes?: number;
}

/**
 * A page's weight and the HTML it was read from, for a test that checks the markup too without
 * fetching the page again. The HTML stays out of PageWeight, which the bench's report writes whole.
 */
export interface MeasuredPage {
  weight: PageWeight;
  html: string;
}

/**
 * Fetches the page, then every script it loads on first paint: `<script src>`,
 * `<link rel="modulepreload">`, and the static imports of those and of the inline module
 * scripts (same origin only). Each file is gzipped (level 9) on its own and summed.
 */
export async function measurePage(
  pageUrl: string,
  { headers = BROWSER_HEADERS, budgetBytes = PAGE_JS_BUDGET_BYTES }: MeasureOptions = {},
): Promise<MeasuredPage> {
  const page = await fetch(pageUrl, { headers });
  if (!page.ok) throw new Error(`GET ${pageUrl} answered ${page.status}`);
  const html = await page.text();
  const origin = new URL(pageUrl).origin;

  const queue: { url: string; via: ScriptWeight['via'] }[] = [];
  const seen = new Set<string>();
  const enqueue = (reference: string, base: string, via: ScriptWeight['via']) => {
    const url = new URL(reference, base);
    if (url.origin !== origin || seen.has(url.href)) return;
    seen.add(url.href);
    queue.push({ url: url.href, via });
  };

  // Script tags and preload links first, so each file is reported under its most direct way in.
  const scriptTags = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map(([, attributes = '', body = '']) => ({ attributes, body }))
    .filter(({ attributes }) => isJavaScript(attributes));
  for (const { attributes } of scriptTags) {
    const src = attribute(attributes, 'src');
    if (src) enqueue(src, pageUrl, 'script');
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (href && attribute(tag, 'rel')?.toLowerCase().split(/\s+/).includes('modulepreload')) {
      enqueue(href, pageUrl, 'modulepreload');
    }
  }
  const inline = scriptTags.filter((s) => !attribute(s.attributes, 'src') && s.body.trim()).map((s) => s.body);
  for (const body of inline) for (const reference of staticImports(body)) enqueue(reference, pageUrl, 'import');

  const scripts: ScriptWeight[] = [];
  for (let item = queue.shift(); item; item = queue.shift()) {
    const response = await fetch(item.url, { headers: { ...headers, accept: '*/*' } });
    if (!response.ok) throw new Error(`GET ${item.url} (from ${pageUrl}) answered ${response.status}`);
    const code = await response.text();
    scripts.push({ url: item.url, via: item.via, bytes: Buffer.byteLength(code), gzipBytes: gzipSize(code) });
    for (const reference of staticImports(code)) enqueue(reference, item.url, 'import');
  }

  const inlineText = inline.join('\n');
  const inlineScripts = {
    count: inline.length,
    bytes: Buffer.byteLength(inlineText),
    gzipBytes: inline.length ? gzipSize(inlineText) : 0,
  };
  const totalGzipBytes = scripts.reduce((sum, s) => sum + s.gzipBytes, inlineScripts.gzipBytes);
  return {
    weight: {
      pageUrl,
      scripts,
      inlineScripts,
      totalGzipBytes,
      budgetBytes,
      withinBudget: totalGzipBytes <= budgetBytes,
    },
    html,
  };
}

/** measurePage's weight alone, for the callers that do not read the page's HTML. */
export async function measurePageWeight(pageUrl: string, options?: MeasureOptions): Promise<PageWeight> {
  return (await measurePage(pageUrl, options)).weight;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A short human report: one line per script, then the total against the budget. */
export function formatPageWeight(weight: PageWeight): string {
  const width = Math.max(20, ...weight.scripts.map((s) => new URL(s.url).pathname.length));
  const rows = [...weight.scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((s) => `  ${new URL(s.url).pathname.padEnd(width)} ${kb(s.gzipBytes).padStart(9)}  (${s.via})`);
  const inline = `  ${`${weight.inlineScripts.count} inline script(s)`.padEnd(width)} ${kb(weight.inlineScripts.gzipBytes).padStart(9)}`;
  const verdict = weight.withinBudget ? 'within budget' : 'OVER BUDGET';
  return [
    `First-load JavaScript of ${weight.pageUrl} (gzip -9, each file alone):`,
    ...rows,
    inline,
    `  total ${kb(weight.totalGzipBytes)} of ${kb(weight.budgetBytes)} budget: ${verdict}`,
  ].join('\n');
}
