import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, type Resolver, type UseFormSetError, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { APPLICATION_MESSAGES } from '../../../../domain/applications/application.ts';
import { formatMoney } from '../../../../domain/catalog/money.ts';
import type { ChosenPackage } from '../../../../domain/catalog/package-choice.ts';
import { servicePackagesHref } from '../../../../domain/catalog/seo-url.ts';
import { applicantRuleOf } from '../../../../domain/catalog/service-detail.ts';
import { FormAlert, SubmitButton } from '../../../components/ui/form-field.tsx';
import { useHydrated } from '../../../components/ui/use-hydrated.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { applicationFormHref, checkoutHref, serviceOrderHref, startApplication } from '../../../lib/application-api.ts';
import { showToast } from '../../../lib/toast.ts';
import type { MemberDraft } from '../members/member-fields.tsx';
import { MembersEditor, type MembersFormValues, membersFormSchema } from '../members/members-editor.tsx';
import { placeMemberErrors } from '../members/server-errors.ts';
import { awaitsSelfDateOfBirth, earlierSelfDateOfBirth } from './earlier-self.ts';
import { forgetMembers, refusedMembers, repeatsShownRefusal, savedMembers, saveMembers } from './members-draft.ts';
import { choiceKey, forgetStartKey, markStarted, startedOrderFor, startKeyFor } from './start-key.ts';

type Checked = z.output<ReturnType<typeof membersFormSchema>>;

/**
 * The two ways on once the members are in (issue 30 §4), offered alike, each saying what follows.
 * A customer in a hurry pays first; the forms wait for them, with e-mailed reminders.
 */
export const START_CHOICES = {
  forms: {
    label: 'Start the forms',
    next: 'Fill in each member’s form and upload their documents now, then pay. Nothing is charged yet.',
  },
  pay: {
    label: 'Pay now, finish the forms later',
    next: 'Pay now and your order is placed. Finish the forms when it suits you from your dashboard; if they are not done, we e-mail you a reminder with a link to them after 2 and 7 days.',
  },
} as const;
type StartChoice = keyof typeof START_CHOICES;

/** Said above the members of a package for children (a minor's passport renewal). */
export const FOR_CHILDREN = 'This package is for children: enter your child’s details as in their passport, not yours.';

/**
 * The first member the form offers: the account holder, who applies for most services, or for a
 * package only minors may have (`applicantKinds`), a child to fill in, since the parent would be
 * refused there (`applicantRefusal`) after typing their own details.
 */
function firstMember(pkg: ChosenPackage['pkg'], holderName: string): MemberDraft {
  const forChildren = pkg.applicantKinds?.length === 1 && pkg.applicantKinds[0] === 'Minor';
  return forChildren
    ? { fullName: '', dateOfBirth: '', relationship: 'Child' }
    : { fullName: holderName, dateOfBirth: '', relationship: 'Self' };
}

/** Said under the running total about the members it leaves out (`refusedMembers`). */
export function notCounted(names: readonly string[]): string {
  const dates = names.length === 1 ? 'their date of birth' : 'their dates of birth';
  return `Not in the total: ${names.join(', ')}. This package is not for them (see under ${dates}), and the application starts only once they are removed.`;
}

/**
 * What the application costs for the members so far, as the checkout charges it: the package's
 * price for each member the order will have. A member the package refuses is left out and named
 * (the order cannot start with them, so they are never charged for).
 */
function RunningTotal({
  choice,
  rule,
  today,
}: {
  choice: ChosenPackage;
  rule: ReturnType<typeof applicantRuleOf>;
  today: string;
}) {
  const members = useWatch<MembersFormValues, 'members'>({ name: 'members' });
  const refused = refusedMembers(members ?? [], rule, today);
  const count = (members?.length ?? 1) - refused.length;
  const { price } = choice.pkg;
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 text-slate-700">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span>
          {count} {count === 1 ? 'member' : 'members'} ×{' '}
          {formatMoney({ amountCents: price.totalCents, currency: price.currency })}
        </span>
        <span>
          Total{' '}
          <strong className="text-lg text-slate-900">
            {formatMoney({ amountCents: price.totalCents * count, currency: price.currency })}
          </strong>
        </span>
      </p>
      {refused.length > 0 ? <p className="mt-2 text-sm">{notCounted(refused)}</p> : null}
    </div>
  );
}

/**
 * Who is applying, then "Start the forms" or "Pay now, finish the forms later": the order is
 * created on the server with these members (docs/decisions/0048) and the first member's form, or
 * the checkout, opens. The idempotency key makes a second click, a retry or a reload after a lost
 * answer answer the same order (start-key.ts).
 */
export function StartApplicationForm({
  choice,
  holderName,
  today,
}: {
  choice: ChosenPackage;
  holderName: string;
  today: string;
}) {
  const navigate = useNavigate();
  const { pkg } = choice;
  const rule = applicantRuleOf(pkg, pkg.price);
  const [problem, setProblem] = useState<string | null>(null);
  const [startedBefore, setStartedBefore] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Set from the first click until the page leaves: a second click sends nothing.
  const sending = useRef(false);
  // Which of the two buttons sent the form (Enter in a field: the first, the forms).
  const [pressed, setPressed] = useState<StartChoice>('forms');
  const chosen = useRef<StartChoice>('forms');
  const form = useForm<MembersFormValues, unknown, Checked>({
    resolver: zodResolver(membersFormSchema(today)) as unknown as Resolver<MembersFormValues, unknown, Checked>,
    defaultValues: { members: [firstMember(pkg, holderName)] },
    // Fields check themselves as they are left or corrected (MemberFields); see there why.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  useEffect(() => {
    setStartedBefore(startedOrderFor(pkg));
  }, [pkg]);

  // The list typed before a reload comes back once React runs (the server cannot read this tab's
  // storage), and every change is kept for the next one. Keyed by the choice's key, not its object:
  // the same choice handed over again must not put back an older list over what was typed since.
  // Without such a list, a returning customer's own date of birth from their earlier application
  // goes into the "Self" row, as their name does, unless something was typed while it came; kept
  // like a typed one from then on, so a date the customer clears stays cleared after a reload.
  const draftKey = choiceKey(pkg);
  useEffect(() => {
    let live = true;
    const saved = savedMembers(draftKey);
    if (saved) form.reset({ members: saved });
    else
      void earlierSelfDateOfBirth().then((dateOfBirth) => {
        if (!live || !dateOfBirth || savedMembers(draftKey)) return;
        if (awaitsSelfDateOfBirth(form.getValues('members'))) form.setValue('members.0.dateOfBirth', dateOfBirth);
      });
    const watching = form.watch((values) => saveMembers(draftKey, values.members ?? []));
    return () => {
      live = false;
      watching.unsubscribe();
    };
  }, [draftKey, form]);

  const submit = form.handleSubmit(async ({ members }) => {
    if (sending.current) return;
    sending.current = true;
    setProblem(null);
    const idempotencyKey = startKeyFor(pkg);
    try {
      const { data: order, message } = await startApplication({
        idempotencyKey,
        packageId: pkg.id,
        choices: pkg.choices,
        members,
      });
      markStarted(pkg, idempotencyKey, order.displayId);
      forgetMembers(draftKey);
      void import('../../../lib/stores/packages-store.ts').then(({ usePackagesStore }) =>
        usePackagesStore.getState().clearCurrentPackage(),
      );
      setLeaving(true);
      void showToast(message);
      const first = order.members[0];
      // In place of this page: the order exists now, so the browser's Back from its forms goes to
      // the package chosen, not to an empty "Who is applying?" that would start another order.
      navigate(
        chosen.current === 'pay'
          ? checkoutHref(order.displayId)
          : applicationFormHref(order.displayId, first ? { memberId: first.id } : {}),
        { replace: true },
      );
    } catch (error) {
      sending.current = false;
      if (error instanceof ApiError && error.fieldErrors.idempotencyKey === APPLICATION_MESSAGES.idempotencyKeyReused) {
        forgetStartKey(pkg);
      }
      // A member the package refuses is already told why beside them, with a link to the other
      // packages: the server's same words are not put under their date of birth too, but the
      // focus still goes there, as it does for a message that is put there.
      const setError: UseFormSetError<MembersFormValues> = (path, fieldError, options) => {
        if (!repeatsShownRefusal(path, fieldError.message, members, rule, today)) {
          form.setError(path, fieldError, options);
        } else if (options?.shouldFocus) {
          // A repeat is only ever said of a member's date of birth.
          form.setFocus(path as `members.${number}.dateOfBirth`);
        }
      };
      setProblem(placeMemberErrors(error, setError, 'We could not start your application. Please try again.'));
    }
  });

  // Until React runs, the button stays off: a press would post the members in the address.
  const hydrated = useHydrated();
  const busy = form.formState.isSubmitting || leaving;
  return (
    <section aria-labelledby="who-applies" className="card">
      <h2 id="who-applies" className="text-xl font-bold text-slate-900">
        Who is applying?
      </h2>
      <p className="mt-2 text-slate-700">
        Add everyone in your family who needs this service. Each person gets their own form, and you can switch between
        them as you fill them in.
      </p>
      {firstMember(pkg, holderName).relationship === 'Child' ? (
        <p className="mt-2 font-medium text-slate-800">{FOR_CHILDREN}</p>
      ) : null}
      {startedBefore ? (
        <p role="status" className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
          You already started this application as {startedBefore}.{' '}
          <Link to={serviceOrderHref(startedBefore)} className="font-semibold underline underline-offset-2">
            Open {startedBefore}
          </Link>
          , or start another one below.
        </p>
      ) : null}
      <FormProvider {...form}>
        <form noValidate onSubmit={submit} aria-labelledby="who-applies" className="mt-6 space-y-6">
          <MembersEditor today={today} rule={rule} packagesHref={servicePackagesHref(choice)} />
          <RunningTotal choice={choice} rule={rule} today={today} />
          {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
          <ul aria-label="How to go on" className="grid gap-4 desk:grid-cols-2">
            {(Object.keys(START_CHOICES) as StartChoice[]).map((key) => {
              const nextId = `start-next-${key}`;
              return (
                // The click lands before the submit event: the choice is known when the order is made.
                <li
                  key={key}
                  className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-4"
                  onClickCapture={() => {
                    if (busy) return;
                    chosen.current = key;
                    setPressed(key);
                  }}
                >
                  <SubmitButton
                    sending={busy && pressed === key}
                    disabled={!hydrated || busy}
                    label={START_CHOICES[key].label}
                    icon={key === 'pay' ? 'lock-keyhole' : 'arrow-right'}
                    describedBy={nextId}
                  />
                  <p id={nextId} className="text-sm text-slate-600">
                    {START_CHOICES[key].next}
                  </p>
                </li>
              );
            })}
          </ul>
        </form>
      </FormProvider>
    </section>
  );
}
