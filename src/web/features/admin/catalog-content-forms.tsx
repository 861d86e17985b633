import { useState } from 'react';
import type { AdminPackage, AdminService } from '../../../domain/admin/catalog.ts';
import {
  type AdminFaq,
  faqCreateSchema,
  PROCESS_STEP_KIND_LABELS,
  PROCESS_STEP_KINDS,
  processStepCreateSchema,
  timelineEntryCreateSchema,
} from '../../../domain/admin/catalog-content.ts';
import { RemoveForm } from './catalog-create-forms.tsx';
import { EntryForm, FaqForm, StepForm, TimelineForm } from './catalog-forms.tsx';

/**
 * The lists of a service's steps and process sections, a package's timeline and FAQs (a service's
 * or general) in the back office (decision 0076): each entry's form (with its "Order") and remove
 * button, then a form that adds one last. Each form checks its body with the API's schema first.
 */

type Step = AdminService['steps'][number];
type TimelineEntry = AdminPackage['timeline'][number];

const KIND_OPTIONS = PROCESS_STEP_KINDS.map((kind) => ({ value: kind, label: PROCESS_STEP_KIND_LABELS[kind] }));

/**
 * What a removal leaves: the entry's form goes with its own message, so the list says what was
 * removed in a status line and moves focus there (a keyboard user is not dropped at the page's top).
 */
function useRemovalNotice(prefix: string) {
  const [notice, setNotice] = useState('');
  const id = `${prefix}-removed`;
  const removed = (what: string) => () => {
    setNotice(`Removed: ${what}`);
    setTimeout(() => document.getElementById(id)?.focus(), 0);
  };
  const status = (
    <p id={id} role="status" tabIndex={-1} className="text-sm text-emerald-800 outline-none">
      {notice}
    </p>
  );
  return { removed, status };
}

/** An entry's edit form and its remove button. */
function Entry({ children, remove }: { children: React.ReactNode; remove: React.ReactNode }) {
  return (
    <li className="flex flex-col gap-2">
      {children}
      {remove}
    </li>
  );
}

/**
 * Steps and process sections: the whole service's (`packageId` null) or one package's own. A
 * package's own steps replace the service's on its page; its sections are added to the service's.
 */
export function StepList({
  serviceId,
  packageId,
  steps,
  owner,
}: {
  serviceId: number;
  packageId: number | null;
  steps: Step[];
  /** Whose steps these are, in the new step form's name: "OCI Card", "New OCI Card package". */
  owner: string;
}) {
  const prefix = `new-step-${packageId ?? `service-${serviceId}`}`;
  const { removed, status } = useRemovalNotice(`steps-${packageId ?? `service-${serviceId}`}`);
  return (
    <>
      {steps.length ? (
        <ul className="flex flex-col gap-4">
          {steps.map((step) => (
            <Entry
              key={step.id}
              remove={
                <RemoveForm
                  prefix={`remove-step-${step.id}`}
                  url={`/admin/catalog/process-steps/${step.id}`}
                  title={`Remove ${PROCESS_STEP_KIND_LABELS[step.kind].toLowerCase()} ${step.title}`}
                  label={step.kind === 'step' ? 'Remove step' : 'Remove section'}
                  after={removed(step.title)}
                />
              }
            >
              <StepForm step={step} />
            </Entry>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">None yet.</p>
      )}
      {status}
      <EntryForm
        prefix={prefix}
        title={`${owner}: new step or section`}
        heading="New step or section"
        url={`/admin/catalog/services/${serviceId}/process-steps`}
        method="POST"
        extra={{ packageId }}
        schema={processStepCreateSchema}
        fields={[
          {
            field: 'kind',
            label: 'Kind',
            hint: 'Steps are numbered; process sections are the page’s extra explanations.',
            value: 'step',
            kind: 'select',
            options: KIND_OPTIONS,
          },
          { field: 'title', label: 'Title', value: '' },
          { field: 'description', label: 'Description', value: '', kind: 'textarea', rows: 3 },
        ]}
        saveLabel="Add step or section"
      />
    </>
  );
}

/** A package's timeline: what happens when after the customer pays. */
export function TimelineList({ pkg }: { pkg: AdminPackage }) {
  const { removed, status } = useRemovalNotice(`timeline-${pkg.id}`);
  return (
    <>
      {pkg.timeline.length ? (
        <ul className="flex flex-col gap-4">
          {pkg.timeline.map((entry: TimelineEntry) => (
            <Entry
              key={entry.id}
              remove={
                <RemoveForm
                  prefix={`remove-timeline-${entry.id}`}
                  url={`/admin/catalog/timeline/${entry.id}`}
                  title={`Remove timeline entry ${entry.title}`}
                  label="Remove timeline entry"
                  after={removed(entry.title)}
                />
              }
            >
              <TimelineForm entry={entry} />
            </Entry>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">No timeline yet.</p>
      )}
      {status}
      <EntryForm
        prefix={`new-timeline-${pkg.id}`}
        title={`${pkg.name}: new timeline entry`}
        heading="New timeline entry"
        url={`/admin/catalog/packages/${pkg.id}/timeline`}
        method="POST"
        schema={timelineEntryCreateSchema}
        fields={[
          [
            { field: 'title', label: 'Title', value: '' },
            { field: 'duration', label: 'When', hint: 'e.g. Day 1, Weeks 2–6', value: '' },
          ],
          { field: 'description', label: 'Description', value: '', kind: 'textarea', rows: 3 },
        ]}
        saveLabel="Add timeline entry"
      />
    </>
  );
}

/** FAQs: a service's (`serviceId`), or the general ones of the FAQ page (`serviceId` null). */
export function FaqList({ serviceId, faqs, owner }: { serviceId: number | null; faqs: AdminFaq[]; owner: string }) {
  const { removed, status } = useRemovalNotice(`faqs-${serviceId ?? 'general'}`);
  return (
    <>
      {faqs.length ? (
        <ul className="flex flex-col gap-4">
          {faqs.map((faq) => (
            <Entry
              key={faq.id}
              remove={
                <RemoveForm
                  prefix={`remove-faq-${faq.id}`}
                  url={`/admin/catalog/faqs/${faq.id}`}
                  title={`Remove FAQ ${faq.question}`}
                  label="Remove FAQ"
                  after={removed(faq.question)}
                />
              }
            >
              <FaqForm faq={faq} />
            </Entry>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">No questions yet.</p>
      )}
      {status}
      <EntryForm
        prefix={`new-faq-${serviceId ?? 'general'}`}
        title={`${owner}: new FAQ`}
        heading="New FAQ"
        url={serviceId === null ? '/admin/catalog/faqs' : `/admin/catalog/services/${serviceId}/faqs`}
        method="POST"
        schema={faqCreateSchema}
        fields={[
          { field: 'question', label: 'Question', value: '' },
          { field: 'answer', label: 'Answer', value: '', kind: 'textarea', rows: 4 },
          { field: 'isActive', label: 'Shown on the site', value: true, kind: 'checkbox' },
        ]}
        saveLabel="Add FAQ"
      />
    </>
  );
}
