// @vitest-environment jsdom
import { act, lazy } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { identityOf, islandHtml, withoutPreloads } from './island-html.ts';
import { StaticIsland } from './static-island.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Greeting({ name }: { name: string }) {
  return (
    <p>
      Hello <a href="/x">{name}</a>
    </p>
  );
}

function clientFor(load: () => void) {
  return lazy(async () => {
    load();
    return { default: Greeting };
  });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('StaticIsland', () => {
  it('renders the component on the server', () => {
    const html = renderToString(
      <StaticIsland server={Greeting} client={clientFor(() => {})} props={{ name: 'Asha' }} />,
    );
    expect(html).toContain('Hello <a href="/x">Asha</a>');
  });

  it('keeps the server HTML while hydrating, without loading the code', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <StaticIsland server={Greeting} client={clientFor(() => {})} props={{ name: 'Asha' }} />,
    );
    document.body.append(container);
    const load = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, <StaticIsland server={undefined} client={clientFor(load)} props={{ name: 'Asha' }} />);
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(container.textContent).toBe('Hello Asha');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/x');
    expect(load).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('loads and renders the component when rendered in the browser', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const load = vi.fn();
    await act(async () => {
      createRoot(container).render(
        <StaticIsland server={undefined} client={clientFor(load)} props={{ name: 'Ravi' }} />,
      );
    });
    await vi.waitFor(() => expect(container.textContent).toBe('Hello Ravi'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

let renders = 0;
function Counted({ name }: { name: string }) {
  renders += 1;
  return <Greeting name={name} />;
}
function WithImage({ src }: { src: string }) {
  renders += 1;
  return <img src={src} alt="" fetchPriority="high" />;
}
const withImageClient = lazy(async () => ({ default: WithImage }));
function NeedsThePage(_props: { name: string }): never {
  renders += 1;
  throw new Error('needs a data router');
}

describe('islandHtml', () => {
  it('renders live the first time, then reuses the HTML made for the same props, apart per props', async () => {
    renders = 0;
    const html = islandHtml(Counted);
    const page = (name: string) =>
      renderToString(<StaticIsland server={Counted} serverHtml={html} client={clientFor(() => {})} props={{ name }} />);
    const first = page('Asha');
    expect(renders).toBe(1);
    expect(page('Asha'), 'made once, after the page that asked first').toBe(first);
    await new Promise((resolve) => setImmediate(resolve));
    expect(renders).toBe(3);
    expect(page('Asha')).toBe(first);
    expect(page('Asha')).toBe(first);
    expect(renders, 'served from the kept HTML').toBe(3);
    expect(page('Ravi')).toContain('Hello <a href="/x">Ravi</a>');
    expect(renders).toBe(4);
  });
});

describe('islandHtml with its own key', () => {
  it('reuses the HTML for the same key, keeps at most maxEntries keys, and names objects by identity', async () => {
    renders = 0;
    const asha = { name: 'Asha' };
    const html = islandHtml<{ name: string }>(Counted, { key: (props) => String(identityOf(props)), maxEntries: 2 });
    const made = async (props: { name: string }) => {
      html(props);
      await new Promise((resolve) => setImmediate(resolve));
      return html(props);
    };
    expect((await made(asha))?.html).toContain('Asha');
    expect(html(asha), 'the same object: kept').toBeDefined();
    expect(html({ name: 'Asha' }), 'an equal object is another key').toBeUndefined();
    expect(identityOf(asha)).toBe(identityOf(asha));
    expect(identityOf(asha)).not.toBe(identityOf({ name: 'Asha' }));
    await made({ name: 'Ravi' });
    await made({ name: 'Meena' });
    expect(html(asha), 'past two keys the cache started over').toBeUndefined();
  });
});

describe('islandHtml with a component that cannot render outside the page', () => {
  it('goes on rendering it live and never throws from its own turn', async () => {
    renders = 0;
    const html = islandHtml(NeedsThePage);
    expect(html({ name: 'Asha' })).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    const tried = renders;
    expect(tried, 'tried in its own turn').toBeGreaterThan(0);
    expect(html({ name: 'Asha' }), 'nothing kept').toBeUndefined();
    expect(html({ name: 'Ravi' }), 'and not tried again').toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(renders).toBe(tried);
  });
});

describe('withoutPreloads', () => {
  it("takes React's image preloads out of the markup, with their options, and leaves the rest", () => {
    const made = withoutPreloads(
      '<link rel="preload" as="image" href="/hero.svg" fetchPriority="high"/><link rel="preload" as="image" href="/a.png?x=1&amp;y=2" imageSrcSet="/a.png 1x, /a@2x.png 2x"/><p>Hi</p>',
    );
    expect(made.html).toBe('<p>Hi</p>');
    expect(made.preloads).toEqual([
      { href: '/hero.svg', options: { as: 'image', fetchPriority: 'high' } },
      { href: '/a.png?x=1&y=2', options: { as: 'image', imageSrcSet: '/a.png 1x, /a@2x.png 2x' } },
    ]);
  });

  it('puts the preloads of a kept island into the head of a page render again', async () => {
    renders = 0;
    const html = islandHtml(WithImage);
    const page = () =>
      renderToString(
        <html lang="en">
          <head />
          <body>
            <StaticIsland server={WithImage} serverHtml={html} client={withImageClient} props={{ src: '/hero.svg' }} />
          </body>
        </html>,
      );
    const live = page();
    await new Promise((resolve) => setImmediate(resolve));
    const kept = page();
    expect(renders, 'the second page used the kept HTML').toBe(2);
    const preloadInHead =
      /<head><link rel="preload" (?=[^>]*as="image")(?=[^>]*href="\/hero.svg")(?=[^>]*fetchPriority="high")[^>]*\/><\/head>/;
    expect(live).toMatch(preloadInHead);
    expect(kept, 'the same preload, in the head').toMatch(preloadInHead);
    expect(kept.split('</head>')[1]).toBe(live.split('</head>')[1]);
  });
});
