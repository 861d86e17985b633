// @vitest-environment jsdom
import { act, lazy } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
