import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  type ChosenPackage,
  choiceRefOf,
  PACKAGE_CHOICE_MESSAGES,
  packageFormHref,
} from '../../../../domain/catalog/package-choice.ts';
import { ROUTES } from '../../../../domain/config/routes.ts';

// The members editor brings react-hook-form and the zod rules: loaded after the first paint, so
// the page stays within the first-load budget (DESIGN.md §4). The server renders it in place.
const StartApplicationForm = lazy(() => import('./start-form.tsx').then((m) => ({ default: m.StartApplicationForm })));

function NothingChosen() {
  return (
    <div className="card">
      <p className="text-slate-700">{PACKAGE_CHOICE_MESSAGES.nothingChosen}</p>
      <Link to="/" className="btn-primary mt-5">
        Browse our services
      </Link>
    </div>
  );
}

const SWITCH = 'btn-outline w-full px-4 py-3 text-[0.95rem]';

/**
 * A visitor who chose a package while signed out: sign in or create an account, as equals, both
 * coming back here with the choice (docs/decisions/0042).
 */
function SignInToStart({ choice }: { choice: ChosenPackage }) {
  const query = `?${new URLSearchParams({ redirect: packageFormHref(choiceRefOf(choice)) })}`;
  return (
    <section aria-labelledby="sign-in-to-start" className="card">
      <h2 id="sign-in-to-start" className="text-xl font-bold text-slate-900">
        Sign in to start your application
      </h2>
      <p className="mt-2 text-slate-700">
        Your application is kept in your account, so you can fill it in over several visits and follow its status. Your
        package choice stays as it is.
      </p>
      <nav aria-label="Sign in or create an account" className="mt-5 grid gap-3 sm:grid-cols-2">
        <Link to={`${ROUTES.SIGN_IN}${query}`} className={SWITCH}>
          Sign in
        </Link>
        <Link to={`${ROUTES.SIGN_UP}${query}`} className={SWITCH}>
          Create an account
        </Link>
      </nav>
    </section>
  );
}

export interface StartApplicationPageProps {
  /** The package the address names, priced on the server; null to look in the packages store. */
  choice: ChosenPackage | null;
  /** The signed-in account holder (the first member's name), or null for a visitor. */
  holder: { name: string } | null;
  /** Today on the server (YYYY-MM-DD): the date-of-birth bounds and Minor/Adult agree with the first render. */
  today: string;
  /** The chosen package's card (the catalog's, composed by the route). */
  renderPackage(choice: ChosenPackage): ReactNode;
}

/**
 * /package-form without an order: the chosen package and its parameters (from the query, else
 * from the packages store), then who is applying and "Start the forms" for a signed-in
 * customer, or sign-in and sign-up for a visitor; or that nothing is chosen.
 */
export function StartApplicationPage({ choice, holder, today, renderPackage }: StartApplicationPageProps) {
  const [stored, setStored] = useState<ChosenPackage | null | undefined>(choice ? null : undefined);

  useEffect(() => {
    if (choice) return;
    let live = true;
    void import('../../../lib/stores/packages-store.ts').then(({ usePackagesStore }) => {
      const { currentPackage, service, setAwaitingSignIn } = usePackagesStore.getState();
      if (!live) return;
      // Shown here: nothing is left to continue after sign-in.
      setAwaitingSignIn(false);
      setStored(
        currentPackage && service
          ? {
              service: { name: service.name, slug: service.slug, parameters: service.parameters ?? [] },
              pkg: currentPackage,
            }
          : null,
      );
    });
    return () => {
      live = false;
    };
  }, [choice]);

  const shown = choice ?? stored;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6 desk:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your application</h1>
      <div className="mt-8 space-y-8">
        {shown ? (
          <>
            {renderPackage(shown)}
            {holder ? (
              <Suspense
                fallback={
                  <p role="status" className="card text-slate-700">
                    Loading who is applying…
                  </p>
                }
              >
                <StartApplicationForm choice={shown} holderName={holder.name} today={today} />
              </Suspense>
            ) : (
              <SignInToStart choice={shown} />
            )}
          </>
        ) : shown === null ? (
          <NothingChosen />
        ) : (
          <>
            <p role="status" className="card text-slate-700">
              Loading your chosen package…
            </p>
            <noscript>
              <NothingChosen />
            </noscript>
          </>
        )}
      </div>
    </section>
  );
}
