import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { Drawer } from 'vaul';
import { BOTTOM_SHEET_BACKDROP_DELAY_MS } from '../../../domain/limits/constants.ts';
import { PHOTO_PROMISE } from '../../../domain/photos/promise.ts';
import { focusPopupItself } from '../../components/ui/popup-focus.ts';
import { PopupHeading } from '../../components/ui/popup-heading.tsx';
import { focusOnClose, useOpener } from '../../lib/focus-return.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { AUTH_TITLES, type AuthBrandCopy, AuthForm, AuthIllustration } from './auth-panel.tsx';
import { CHECK_INBOX_TITLES, CheckInbox } from './check-inbox.tsx';
import { type AuthDialogKind, type AuthDialogState, closeAuthDialog } from './open-auth-dialog.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

/**
 * The side panel over SevaPhotos' pages (photo-order mode): the brand the header shows, not
 * SevaDocs' consular claim. Here, in the dialog's own chunk, so the sign-in pages load none of it.
 */
const SEVAPHOTOS_COPY: AuthBrandCopy = {
  brand: 'SevaPhotos',
  claim: 'Passport and visa photos, checked before you pay.',
  points: [
    'Every rule checked, with its measured figure',
    PHOTO_PROMISE.SEVAPHOTOS,
    'A digital copy, prints delivered, or pickup',
  ],
};

/**
 * The Sign In / Sign Up dialog (SPEC.md §2): a modal on desktop, with the side illustration only
 * wider than 1080 px; a bottom sheet at 1280 px or less whose backdrop appears 500 ms after it
 * opens (SPEC.md §4). Loaded on demand by openAuthDialog(). After sign-up it shows the "check
 * your inbox" step; in photo-order mode its link returns to /photos/photo-enhancement (SPEC.md §4).
 */
export default function AuthDialog({ state }: { state: AuthDialogState }) {
  const [kind, setKind] = useState<AuthDialogKind>(state.kind);
  const [sentTo, setSentTo] = useState<string | null>(null);
  useEffect(() => {
    setKind(state.kind);
    setSentTo(null);
  }, [state]);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const completeSignIn = useCompleteSignIn();
  const { title, lead } = sentTo ? CHECK_INBOX_TITLES : AUTH_TITLES[kind];
  const opener = useOpener();
  const onCloseAutoFocus = focusOnClose(() => opener);

  const onOpenChange = (open: boolean) => {
    if (!open) closeAuthDialog();
  };

  const form = sentTo ? (
    <CheckInbox
      email={sentTo}
      onChangeAddress={() => setSentTo(null)}
      signInControl={
        <button
          type="button"
          onClick={() => {
            setSentTo(null);
            setKind('signin');
          }}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Sign in
        </button>
      }
    />
  ) : (
    <AuthForm
      key={kind}
      kind={kind}
      switchControl={
        <button
          type="button"
          onClick={() => setKind(kind === 'signin' ? 'signup' : 'signin')}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {kind === 'signin' ? 'Sign up' : 'SignIn'}
        </button>
      }
      onSignedIn={(message) => completeSignIn(message, state.options, closeAuthDialog)}
      // Photo-order mode too: the photo order (SPEC.md §4's next page) is for signed-in customers,
      // and a new account signs in with its verification link, which returns to that order (the
      // sign-up's returnTo). Going there at once landed on a "Welcome back" sign-in page.
      onSignedUp={setSentTo}
      onLeave={closeAuthDialog}
    />
  );

  if (mobile) {
    return (
      <BottomSheet title={title} lead={lead} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus}>
        {form}
      </BottomSheet>
    );
  }

  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop fixed inset-0 z-[80] bg-slate-900/60" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="dialog-panel fixed top-1/2 left-1/2 z-[90] grid max-h-[calc(100dvh-2rem)] w-[min(60rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-3xl bg-white shadow-2xl min-[1081px]:grid-cols-[20rem_1fr]"
        >
          <AuthIllustration {...(state.options.mode === 'photo-order' ? { copy: SEVAPHOTOS_COPY } : {})} />
          <div className="max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain px-8 py-8 sm:px-10">
            <PopupHeading title={title} description={lead} large className="mb-6" />
            {form}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BottomSheet({
  title,
  lead,
  onOpenChange,
  onCloseAutoFocus,
  children,
}: {
  title: string;
  lead: string;
  onOpenChange(open: boolean): void;
  onCloseAutoFocus(event: Event): void;
  children: React.ReactNode;
}) {
  const [backdrop, setBackdrop] = useState(false);
  return (
    <Drawer.Root open onOpenChange={onOpenChange} repositionInputs={false} autoFocus>
      <Drawer.Portal>
        {backdrop ? (
          <Drawer.Overlay data-testid="sheet-backdrop" className="fixed inset-0 z-[80] bg-slate-900/60" />
        ) : null}
        <Drawer.Content
          onOpenAutoFocus={focusPopupItself}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-x-0 bottom-0 z-[90] flex max-h-[94dvh] flex-col rounded-t-3xl bg-white shadow-2xl outline-none"
        >
          <OpenedTimer onElapsed={() => setBackdrop(true)} />
          <div aria-hidden="true" className="mx-auto mt-3 h-1.5 w-12 shrink-0 rounded-full bg-slate-300" />
          <PopupHeading title={title} description={lead} className="px-5 pt-3 pb-2" />
          <div className="overflow-y-auto overscroll-contain px-5 pt-2 pb-[max(1.5rem,env(safe-area-inset-bottom))]">
            {children}
          </div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}

/** Counts BOTTOM_SHEET_BACKDROP_DELAY_MS from the moment the sheet itself is in the page. */
function OpenedTimer({ onElapsed }: { onElapsed(): void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the sheet appears.
  useEffect(() => {
    const timer = setTimeout(onElapsed, BOTTOM_SHEET_BACKDROP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
