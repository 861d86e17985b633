import { type ComponentType, createElement } from 'react';
import type { PreloadOptions } from 'react-dom';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';

/** Distinct props kept per island; past it the cache starts over (islands rarely have more than a few). */
const MAX_ENTRIES = 64;

/** An island's content made once: its markup, and the image preloads React hoists out of it. */
export interface IslandHtml {
  html: string;
  /** The `<link rel="preload">` React found in the content (images), to hoist into the page's head again. */
  preloads: { href: string; options: PreloadOptions }[];
}

export interface IslandOptions<P> {
  /**
   * What the HTML depends on, as a string: by default the props' JSON. An island whose props hold
   * a large object that is replaced rather than changed (the catalog's content) keys it by
   * `identityOf` instead of serialising it on every render.
   */
  key?: (props: P) => string;
  /** Distinct keys kept before the cache starts over. */
  maxEntries?: number;
}

const identities = new WeakMap<object, number>();
let lastIdentity = 0;

/** A number that names this very object for as long as it lives (for island keys). */
export function identityOf(value: object): number {
  let id = identities.get(value);
  if (id === undefined) {
    id = ++lastIdentity;
    identities.set(value, id);
  }
  return id;
}

/**
 * Server only: the HTML of a static island's content, made once per distinct props and reused by
 * every later render (issue 9 §3, decision 0041). An island is static by contract (StaticIsland)
 * and the browser never hydrates its inside, so its HTML depends on its props alone: the footer and
 * the home page's sections were about a third of an uncached page's render, the same for every visitor.
 *
 * The first render of some props renders the component live in the page and makes the HTML after
 * it, in its own turn of the event loop (React's server renderer keeps state per render in module
 * variables: a render inside another's is not safe). Links render under a MemoryRouter: the
 * island's links are plain anchors in the browser in any case.
 *
 * renderToString writes the image preloads React makes for `<img>` (the hero's with
 * fetchPriority high) inline, where a page render puts them in the head: they are taken out of the
 * markup and handed back for StaticIsland to preload, so the page's head is what a live render gives.
 */
export function islandHtml<P extends object>(
  Component: ComponentType<P>,
  { key: keyOf = (props: P) => JSON.stringify(props), maxEntries = MAX_ENTRIES }: IslandOptions<P> = {},
): (props: P) => IslandHtml | undefined {
  const made = new Map<string, IslandHtml>();
  const making = new Set<string>();
  let broken = false;
  return (props) => {
    if (broken) return undefined;
    const key = keyOf(props);
    const kept = made.get(key);
    if (kept !== undefined || making.has(key)) return kept;
    making.add(key);
    setImmediate(() => {
      making.delete(key);
      if (made.size >= maxEntries) made.clear();
      try {
        const html = renderToString(createElement(MemoryRouter, null, createElement(Component, props)), {
          identifierPrefix: 'island-',
        });
        made.set(key, withoutPreloads(html));
      } catch {
        // A component that needs more than its props (a data router's hooks) cannot be kept:
        // it goes on rendering live in each page, as it did before, and nothing crashes.
        broken = true;
      }
    });
    return undefined;
  };
}

const PRELOAD_LINK = /<link rel="preload"[^>]*\/>/g;
const ATTRIBUTE = /([A-Za-z]+)="([^"]*)"/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/** Splits React's preload links off the markup (exported for its test). */
export function withoutPreloads(markup: string): IslandHtml {
  const preloads: IslandHtml['preloads'] = [];
  const html = markup.replace(PRELOAD_LINK, (link) => {
    const attributes = Object.fromEntries(
      [...link.matchAll(ATTRIBUTE)].map(([, name, value]) => [
        name,
        (value ?? '').replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity),
      ]),
    );
    const { href, as, fetchPriority, imageSrcSet, imageSizes, type, crossOrigin } = attributes;
    if (!href || !as) return link;
    preloads.push({
      href,
      options: {
        as: as as PreloadOptions['as'],
        ...(fetchPriority ? { fetchPriority: fetchPriority as PreloadOptions['fetchPriority'] } : {}),
        ...(imageSrcSet ? { imageSrcSet } : {}),
        ...(imageSizes ? { imageSizes } : {}),
        ...(type ? { type } : {}),
        ...(crossOrigin !== undefined ? { crossOrigin } : {}),
      },
    });
    return '';
  });
  return { html, preloads };
}
