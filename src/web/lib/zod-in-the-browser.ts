// Zod in the browser, set before any page's schemas are built: root.tsx imports this first, and
// the document's module script evaluates the root route's imports before any other route's.
//
// Without `jitless`, Zod tries `new Function("")` once to see whether it may compile its object
// parsers. Our Content-Security-Policy has no 'unsafe-eval', so the browser refuses it: Zod falls
// back, but Chromium reports a CSP violation on every page that builds a schema (seen with
// Lighthouse). The server keeps the compiled parsers: Node has no CSP, and it parses every API body.
//
// The setting goes where Zod keeps its configuration, `globalThis.__zod_globalConfig` (what
// `z.config()` writes, shared by every copy of Zod on the page), rather than through `z.config()`:
// importing that would bring ~3.8 KB of Zod into every page's first load (DESIGN.md §4's budget).

/** The part of Zod's global configuration set here. */
interface ZodGlobalConfig {
  jitless?: boolean;
}

export function makeZodJitless(
  scope: { __zod_globalConfig?: ZodGlobalConfig } = globalThis as { __zod_globalConfig?: ZodGlobalConfig },
): void {
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}

if (!import.meta.env.SSR) makeZodJitless();
