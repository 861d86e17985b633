// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Preloaded, preload } from './preloaded.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Greeting = ({ name }: { name: string }) => (
  <p>
    Hello <button type="button">{name}</button>
  </p>
);
type Module = { Greeting: typeof Greeting };

const Enquiry = () => (
  <form>
    <input id="name" name="name" defaultValue="" />
    <textarea id="message" name="message" defaultValue="" />
    <input type="radio" name="kind" value="new" defaultChecked />
    <input type="radio" name="kind" value="existing" />
    <select id="topic" name="topic" defaultValue="">
      <option value="">Choose</option>
      <option value="oci">OCI</option>
    </select>
  </form>
);
type FormModule = { Enquiry: typeof Enquiry };

const SignIn = ({ onSignIn }: { onSignIn(email: FormDataEntryValue | null): void }) => (
  <form
    method="post"
    aria-label="Sign In"
    onSubmit={(event) => {
      event.preventDefault();
      onSignIn(new FormData(event.currentTarget).get('email'));
    }}
  >
    <input id="email" name="email" defaultValue="" />
    <button type="submit">Sign In</button>
  </form>
);
type SignInModule = { SignIn: typeof SignIn };

afterEach(() => {
  document.body.innerHTML = '';
});

/** The enquiry form hydrated from the server's HTML while its code is still on the way; `arrive` brings the code. */
async function enquiryWaitingForItsCode() {
  const ready = preload(async () => ({ Enquiry }));
  await ready;
  const serverHtml = renderToString(<Preloaded module={ready} render={(m: FormModule) => <m.Enquiry />} />);
  let resolve: (m: FormModule) => void = () => {};
  const slow = preload(() => new Promise<FormModule>((r) => (resolve = r)));
  const container = document.createElement('div');
  container.innerHTML = serverHtml;
  document.body.append(container);
  await act(async () => {
    hydrateRoot(container, <Preloaded module={slow} render={(m: FormModule) => <m.Enquiry />} />);
  });
  return {
    field: <T extends Element>(selector: string) => container.querySelector(selector) as T,
    async arrive() {
      resolve({ Enquiry });
      await slow;
    },
  };
}

describe('Preloaded', () => {
  it('renders a loaded module in the server HTML, without a Suspense boundary', async () => {
    const module = preload(async () => ({ Greeting }));
    await module;
    const html = renderToString(<Preloaded module={module} render={(m: Module) => <m.Greeting name="Asha" />} />);
    expect(html).toBe('<div class="contents"><p>Hello <button type="button">Asha</button></p></div>');
  });

  it('hydrates at once when the code is there', async () => {
    const module = preload(async () => ({ Greeting }));
    await module;
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <Preloaded module={module} render={(m: Module) => <m.Greeting name="Asha" />} />,
    );
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, <Preloaded module={module} render={(m: Module) => <m.Greeting name="Asha" />} />);
    });
    const button = container.querySelector('button') as HTMLButtonElement;
    expect(Object.keys(button).some((k) => k.startsWith('__reactFiber'))).toBe(true);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('keeps the server HTML while the code loads, then puts the live content in its place', async () => {
    const ready = preload(async () => ({ Greeting }));
    await ready;
    const serverHtml = renderToString(<Preloaded module={ready} render={(m: Module) => <m.Greeting name="Asha" />} />);
    let resolve: (m: Module) => void = () => {};
    const slow = preload(() => new Promise<Module>((r) => (resolve = r)));
    const container = document.createElement('div');
    container.innerHTML = serverHtml;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, <Preloaded module={slow} render={(m: Module) => <m.Greeting name="Asha" />} />);
    });
    expect(container.textContent).toBe('Hello Asha');
    expect(Object.keys(container.querySelector('button') as object).some((k) => k.startsWith('__reactFiber'))).toBe(
      false,
    );
    await act(async () => {
      resolve({ Greeting });
      await slow;
    });
    expect(container.textContent).toBe('Hello Asha');
    expect(Object.keys(container.querySelector('button') as object).some((k) => k.startsWith('__reactFiber'))).toBe(
      true,
    );
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('carries what the visitor typed, chose and focused in the server HTML over to the live form', async () => {
    const { field, arrive } = await enquiryWaitingForItsCode();
    const serverName = field<HTMLInputElement>('#name');
    serverName.value = 'Asha Rao';
    field<HTMLTextAreaElement>('#message').value = 'My OCI card was lost.';
    field<HTMLInputElement>('input[value="existing"]').checked = true;
    field<HTMLSelectElement>('#topic').value = 'oci';
    field<HTMLTextAreaElement>('#message').focus();

    await act(arrive);
    const liveName = field<HTMLInputElement>('#name');
    expect(liveName).not.toBe(serverName);
    expect(Object.keys(liveName).some((k) => k.startsWith('__reactFiber'))).toBe(true);
    expect(liveName.value).toBe('Asha Rao');
    expect(field<HTMLTextAreaElement>('#message').value).toBe('My OCI card was lost.');
    expect(field<HTMLInputElement>('input[value="existing"]').checked).toBe(true);
    expect(field<HTMLInputElement>('input[value="new"]').checked).toBe(false);
    expect(field<HTMLSelectElement>('#topic').value).toBe('oci');
    expect(document.activeElement).toBe(field('#message'));
  });

  it('keeps what is typed after the code arrived, before the live form would have been drawn', async () => {
    const { field, arrive } = await enquiryWaitingForItsCode();
    field<HTMLInputElement>('#name').value = 'Asha Rao';

    await act(async () => {
      await arrive();
      // The next keystroke, in whatever form control the page holds once the code is there.
      field<HTMLTextAreaElement>('#message').value = 'My OCI card was lost.';
    });
    expect(Object.keys(field('#message')).some((k) => k.startsWith('__reactFiber'))).toBe(true);
    expect(field<HTMLInputElement>('#name').value).toBe('Asha Rao');
    expect(field<HTMLTextAreaElement>('#message').value).toBe('My OCI card was lost.');
  });

  it('holds a form submitted in the server HTML and submits it from the live form once the code is there', async () => {
    const signedIn = vi.fn();
    const render = (m: SignInModule) => <m.SignIn onSignIn={signedIn} />;
    const ready = preload(async () => ({ SignIn }));
    await ready;
    const serverHtml = renderToString(<Preloaded module={ready} render={render} />);
    let resolve: (m: SignInModule) => void = () => {};
    const slow = preload(() => new Promise<SignInModule>((r) => (resolve = r)));
    const container = document.createElement('div');
    container.innerHTML = serverHtml;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Preloaded module={slow} render={render} />);
    });
    (container.querySelector('#email') as HTMLInputElement).value = 'asha@example.com';
    const posted = vi.fn();
    document.addEventListener('submit', (event) => posted(event.defaultPrevented));
    (container.querySelector('button') as HTMLButtonElement).click();
    expect(posted).toHaveBeenCalledWith(true);
    expect(signedIn).not.toHaveBeenCalled();

    await act(async () => {
      resolve({ SignIn });
      await slow;
    });
    expect(signedIn).toHaveBeenCalledTimes(1);
    expect(signedIn).toHaveBeenCalledWith('asha@example.com');
    // Only the one held submit: the live form's own submits are its own.
    await act(async () => (container.querySelector('button') as HTMLButtonElement).click());
    expect(signedIn).toHaveBeenCalledTimes(2);
  });
});
