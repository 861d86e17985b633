import { useState } from 'react';
import type { AdminPackage, AdminService } from '../../../domain/admin/catalog.ts';
import { appliesToLabel, type ServiceChoices } from '../../../domain/admin/catalog-choices.ts';
import {
  type AdminFaq,
  faqCreateSchema,
  PROCESS_STEP_KIND_LABELS,
  PROCESS_STEP_KINDS,
  packageTextCreateSchema,
  packageTextEditSchema,
  processStepCreateSchema,
  timelineEntryCreateSchema,
} from '../../../domain/admin/catalog-content.ts';
import { RemoveForm } from './catalog-create-forms.tsx';
import { type EntryField, EntryForm, FaqForm, StepForm, TimelineForm } from './catalog-forms.tsx';

/**
 * The lists of a service's steps and process sections, a package's timeline and FAQs (a service's
 * or general) in the back office (decision 0076): each entry's form (with its "Order") and remove
 * button, then a form that adds one last. Each form checks its body with the API's schema first.
 */

type Step = AdminService['steps'][number];
type TimelineEntry = AdminPackage['timeline'][number];
type PackageText = AdminPackage['texts'][number];

/**
 * The service whose countries the entries' "Applies to" offers (decision 0080); without it (the
 * general FAQs) entries apply to every country and no choice is shown.
 */
type ChoicesOf = { service?: ServiceChoices };
/** A new entry's choice: every country until the admin picks one. */
const newChoice = (service: ServiceChoices | undefined) => service && { service, value: {} };

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
  service,
}: {
  serviceId: number;
  packageId: number | null;
  steps: Step[];
  /** Whose steps these are, in the new step form's name: "OCI Card", "New OCI Card package". */
  owner: string;
} & ChoicesOf) {
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
              <StepForm step={step} service={service} />
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
        choice={newChoice(service)}
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
export function TimelineList({ pkg, service }: { pkg: AdminPackage } & ChoicesOf) {
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
              <TimelineForm entry={entry} service={service} />
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
        choice={newChoice(service)}
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
export function FaqList({
  serviceId,
  faqs,
  owner,
  service,
}: { serviceId: number | null; faqs: AdminFaq[]; owner: string } & ChoicesOf) {
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
              <FaqForm faq={faq} service={service} />
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
        choice={newChoice(service)}
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

/** The fields of a package's text for one choice, each empty unless it replaces the general one. */
const TEXT_FIELDS = [
  { field: 'description', label: 'Description', kind: 'textarea', rows: 3, required: false },
  { field: 'processingTime', label: 'Processing time', required: false },
  { field: 'feeNote', label: 'Fee note', required: false },
  { field: 'features', label: 'What the customer gets, one a line', kind: 'lines', rows: 4, required: false },
  { field: 'documents', label: 'Documents to supply, one a line', kind: 'lines', rows: 4, required: false },
] as const satisfies readonly Omit<EntryField, 'value'>[];
type TextField = (typeof TEXT_FIELDS)[number]['field'];
const KEEP_GENERAL = 'Empty: the package’s general text.';

/** The text's fields as its form shows them (a new text's empty), two short ones on a row. */
function textFields(text: PackageText | null): (EntryField | EntryField[])[] {
  const [description, processingTime, feeNote, features, documents] = TEXT_FIELDS.map(
    (f): EntryField => ({ ...f, value: text?.[f.field] ?? '', hint: KEEP_GENERAL }),
  ) as [EntryField, EntryField, EntryField, EntryField, EntryField];
  return [description, [processingTime, feeNote], features, documents];
}

/** What a text replaces, in words: "Replaces the general processing time, what the customer gets; …". */
function replaced(text: PackageText): string {
  const names = TEXT_FIELDS.filter((f) => text[f.field as TextField] !== null).map((f) =>
    f.label.split(',')[0]?.toLowerCase(),
  );
  return `Replaces the general ${names.join(', ')}; the other fields show the general text.`;
}

/**
 * A package's texts per choice of countries (decision 0080): each replaces, on that choice's
 * pages, the general fields it fills; then a form adding one for a choice it has none for.
 */
export function PackageTextList({ pkg, service }: { pkg: AdminPackage; service: ServiceChoices }) {
  const { removed, status } = useRemovalNotice(`texts-${pkg.id}`);
  return (
    <>
      {pkg.texts.length ? (
        <ul className="flex flex-col gap-4">
          {pkg.texts.map((text) => {
            const choice = appliesToLabel(text.appliesTo);
            return (
              <Entry
                key={text.id}
                remove={
                  <RemoveForm
                    prefix={`remove-text-${text.id}`}
                    url={`/admin/catalog/package-texts/${text.id}`}
                    title={`Remove the text for ${choice}`}
                    label="Remove text"
                    after={removed(`the text for ${choice}`)}
                  />
                }
              >
                <EntryForm
                  prefix={`text-${text.id}`}
                  title={`${pkg.name}: text for ${choice}`}
                  heading={`For ${choice}`}
                  intro={replaced(text)}
                  url={`/admin/catalog/package-texts/${text.id}`}
                  schema={packageTextEditSchema}
                  fields={textFields(text)}
                  saveLabel="Save text"
                />
              </Entry>
            );
          })}
        </ul>
      ) : (
        <p className="text-slate-700">None: every country's pages show the general text.</p>
      )}
      {status}
      {service.parameters.length ? (
        <EntryForm
          prefix={`new-text-${pkg.id}`}
          title={`${pkg.name}: new text for one country`}
          heading="New text for one country"
          intro="Fill only what differs for that country; empty fields show the general text."
          url={`/admin/catalog/packages/${pkg.id}/texts`}
          method="POST"
          choice={{ service, value: {} }}
          schema={packageTextCreateSchema}
          fields={textFields(null)}
          saveLabel="Add text"
        />
      ) : (
        <p className="text-slate-700">This service asks for no country: give it parameters first.</p>
      )}
    </>
  );
}
