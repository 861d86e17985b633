import { type ReactNode, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

/**
 * Page content whose code loads on demand yet is part of the server's first HTML.
 *
 * `preload(() => import('./page.tsx'))` starts loading at once; on the server the route awaits it
 * at the top level. `<Preloaded module={…} render={(m) => …} />` then renders:
 * - on the server, the content itself, in the document's shell: visible without JavaScript (a
 *   `lazy()` page inside Suspense would be streamed into a hidden block that inline JavaScript
 *   reveals, once React outlines a large boundary);
 * - in the browser, when the code is there at hydration, the same tree, hydrated;
 * - when it is not there yet, the server's HTML kept untouched (like StaticIsland) until the code
 *   arrives, then the live content in its place, with whatever the visitor already typed, chose
 *   or focused in the server's form controls carried over; a form they submitted meanwhile is held
 *   (not posted to the page's address, which would reload it empty) and submitted by the live form.
 * The page's code stays out of the first-load JavaScript (DESIGN.md §4).
 */
interface Tracked<T> extends Promise<T> {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
}

export function preload<T>(load: () => Promise<T>): Promise<T> {
  const promise = load() as Tracked<T>;
  promise.status = 'pending';
  promise.then(
    (value) => {
      promise.status = 'fulfilled';
      promise.value = value;
    },
    () => {
      promise.status = 'rejected';
    },
  );
  return promise;
}

const noSubscription = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

const settled = <T,>(module: Promise<T>): T | undefined => {
  const tracked = module as Tracked<T>;
  return tracked.status === 'fulfilled' ? tracked.value : undefined;
};

/** What a visitor did to the server-rendered form controls before the live ones replaced them. */
interface FormState {
  values: { key: string; value: string; checked: boolean }[];
  focused: string | null;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Controls are matched by id, else by name and value (radio buttons and checkboxes share a name). */
const controlKey = (c: Control) =>
  c.id ? `#${c.id}` : `${c.name}=${c instanceof HTMLInputElement && /^(radio|checkbox)$/.test(c.type) ? c.value : ''}`;

const controlsIn = (root: HTMLElement) => [...root.querySelectorAll<Control>('input, textarea, select')];

function captureFormState(root: HTMLElement): FormState {
  const active = document.activeElement;
  return {
    values: controlsIn(root).map((c) => ({
      key: controlKey(c),
      value: c.value,
      checked: c instanceof HTMLInputElement && c.checked,
    })),
    focused: active instanceof HTMLElement && root.contains(active) ? controlKey(active as Control) : null,
  };
}

/**
 * Sets a control the way typing would: through the element's own setter, then input and change
 * events, so a controlled text field sees it in its onChange and an uncontrolled one simply keeps
 * it. (React hears a checkbox or radio change only from a click, which could also set off click
 * handlers, so a controlled checkbox keeps its own state.)
 */
function setLikeUser(control: Control, property: 'value' | 'checked', next: string | boolean) {
  if (control[property as 'value'] === next) return;
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, property)?.set?.call(control, next);
  if (property === 'value') control.dispatchEvent(new Event('input', { bubbles: true }));
  control.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Which form, and which of its buttons, a visitor submitted while the code was loading (by position). */
interface HeldSubmit {
  form: number;
  submitter: number;
}

const submittersIn = (form: HTMLFormElement) => [
  ...form.querySelectorAll<HTMLElement>('button, input[type="submit"], input[type="image"]'),
];

function holdSubmit(root: HTMLElement, event: SubmitEvent): HeldSubmit {
  const form = event.target as HTMLFormElement;
  return {
    form: [...root.querySelectorAll('form')].indexOf(form),
    submitter: event.submitter ? submittersIn(form).indexOf(event.submitter) : -1,
  };
}

function submitHeld(root: HTMLElement, held: HeldSubmit) {
  const form = root.querySelectorAll('form')[held.form];
  if (!form) return;
  form.requestSubmit(submittersIn(form)[held.submitter]);
}

function restoreFormState(root: HTMLElement, state: FormState) {
  const byKey = new Map(controlsIn(root).map((c) => [controlKey(c), c]));
  for (const { key, value, checked } of state.values) {
    const control = byKey.get(key);
    if (!control || (control instanceof HTMLInputElement && control.type === 'file')) continue;
    if (control instanceof HTMLInputElement && /^(radio|checkbox)$/.test(control.type)) {
      if (checked) setLikeUser(control, 'checked', true);
    } else setLikeUser(control, 'value', value);
  }
  if (state.focused) byKey.get(state.focused)?.focus();
}

export function Preloaded<T>({ module, render }: { module: Promise<T>; render(loaded: T): ReactNode }) {
  // As components/ui/use-hydrated.ts; not imported, so that small module is not split out of the
  // first-load chunk it lives in (route chunks importing it would make it a chunk of its own).
  const hydrated = useSyncExternalStore(noSubscription, isBrowser, isServer);
  const [loaded, setLoaded] = useState(() => settled(module));
  // Decided at the first render: hydrating server HTML without the code keeps that HTML as it is.
  const [frozen] = useState(() => !hydrated && loaded === undefined);
  const container = useRef<HTMLDivElement>(null);
  const carried = useRef<FormState | null>(null);
  const held = useRef<HeldSubmit | null>(null);

  // While the server's form waits for its code, a submit would post it to the page's address.
  useEffect(() => {
    const root = container.current;
    if (!frozen || loaded !== undefined || !root) return;
    const hold = (event: SubmitEvent) => {
      event.preventDefault();
      held.current = holdSubmit(root, event);
    };
    root.addEventListener('submit', hold, true);
    return () => root.removeEventListener('submit', hold, true);
  }, [frozen, loaded]);

  useEffect(() => {
    if (loaded !== undefined) return;
    void module.then((value) => {
      // Captured and replaced in one task: a keystroke the browser handled between the two would
      // land in the server's control after its value was read, and be lost with it.
      flushSync(() => {
        if (frozen && container.current) carried.current = captureFormState(container.current);
        setLoaded(() => value);
      });
    });
  }, [module, loaded, frozen]);

  // Before paint, so the visitor never sees the live form empty for a frame.
  useLayoutEffect(() => {
    if (loaded === undefined || !carried.current || !container.current) return;
    restoreFormState(container.current, carried.current);
    carried.current = null;
  }, [loaded]);

  // After the live form has its handlers and the carried values: the submit the visitor made.
  useEffect(() => {
    if (loaded === undefined || !held.current || !container.current) return;
    submitHeld(container.current, held.current);
    held.current = null;
  }, [loaded]);

  if (loaded !== undefined)
    return (
      <div ref={container} className="contents">
        {render(loaded)}
      </div>
    );
  if (frozen) {
    return (
      <div
        ref={container}
        className="contents"
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string; keeps the server-rendered DOM as it is.
        dangerouslySetInnerHTML={{ __html: '' }}
      />
    );
  }
  return <div ref={container} className="contents" aria-busy="true" />;
}
