import type { ComponentType } from 'react';
import type { AnswerField, DescriptionField, FormField, FormSection } from '../../../../domain/forms/definition.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { CheckboxesControl, RadioControl, RangeControl, RatingControl, SelectControl } from './choice-fields.tsx';
import { useEngine } from './engine-context.ts';
import { PhoneControl } from './phone-field.tsx';
import { CurrencyControl, DateTimeControl, NumberControl, ParagraphControl, TextControl } from './text-fields.tsx';
import { UploadControl } from './upload-field.tsx';

// One component per answer type; the Record makes a new type in the domain a compile error here.
type Control = ComponentType<{ field: never }>;
const CONTROLS: Record<AnswerField['type'], Control> = {
  text: TextControl,
  'short answer': TextControl,
  'unique ID': TextControl,
  email: TextControl,
  password: TextControl,
  paragraph: ParagraphControl,
  number: NumberControl,
  currency: CurrencyControl,
  date: DateTimeControl,
  time: DateTimeControl,
  select: SelectControl,
  dropdown: SelectControl,
  'country dropdown': SelectControl,
  'occupation dropdown': SelectControl,
  radio: RadioControl,
  'multiple choice': RadioControl,
  checkboxes: CheckboxesControl,
  rating: RatingControl,
  range: RangeControl,
  phone: PhoneControl,
  'file upload': UploadControl,
  'image upload': UploadControl,
};

function Description({ field }: { field: DescriptionField }) {
  return (
    <div className="flex gap-3 rounded-xl bg-brand-50/70 p-4 text-[0.95rem] leading-relaxed text-slate-700">
      <Icon name="info" className="mt-0.5 size-5 text-brand-600" />
      <div>
        <p className="font-semibold text-slate-900">{field.label}</p>
        {field.text.split(/\n\s*\n/).map((paragraph) => (
          <p key={paragraph} className="mt-1">
            {paragraph}
          </p>
        ))}
      </div>
    </div>
  );
}

/** A field if it is shown: a dependent's fields sit indented under the question that opened them. */
export function FieldView({ field, shown }: { field: FormField; shown: ReadonlySet<string> }) {
  if (!shown.has(field.key)) return null;
  if (field.type === 'description') return <Description field={field} />;
  if (field.type === 'dependent') {
    return (
      <div className="space-y-6 border-l-2 border-brand-200 pl-4 sm:pl-5" data-dependent={field.key}>
        {field.label ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{field.label}</p>
        ) : null}
        {field.fields.map((inner) => (
          <FieldView key={inner.key} field={inner} shown={shown} />
        ))}
      </div>
    );
  }
  const Control = CONTROLS[field.type] as ComponentType<{ field: AnswerField }>;
  return <Control field={field} />;
}

/**
 * A section as a card of its shown fields; a section with nothing shown is left out. A section
 * named like its step (the step's only section, often) does not repeat the step's heading.
 */
export function SectionView({
  section,
  shown,
  stepTitle,
  stepHeadingId,
}: {
  section: FormSection;
  shown: ReadonlySet<string>;
  stepTitle: string;
  stepHeadingId: string;
}) {
  const { idPrefix, offersBySection, applyOffer } = useEngine();
  if (!section.fields.some((f) => shown.has(f.key))) return null;
  const offers = offersBySection.get(section.key) ?? [];
  const repeated = section.title === stepTitle;
  const headingId = repeated ? stepHeadingId : `${idPrefix}-${section.key}`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
      {repeated ? null : (
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          {section.title}
        </h3>
      )}
      {section.intro ? <p className="mt-1 text-[0.95rem] text-slate-600">{section.intro}</p> : null}
      {offers.length > 0 ? (
        <div className={`flex flex-wrap gap-2 ${repeated ? '' : 'mt-4'}`}>
          {offers.map((offer) => (
            <button
              key={offer.id}
              type="button"
              onClick={() => applyOffer(offer)}
              className="btn-outline px-4 py-2 text-sm"
            >
              <Icon name="copy" className="size-4" />
              {offer.label}
            </button>
          ))}
        </div>
      ) : null}
      <div className={repeated && !section.intro && offers.length === 0 ? 'space-y-6' : 'mt-5 space-y-6'}>
        {section.fields.map((field) => (
          <FieldView key={field.key} field={field} shown={shown} />
        ))}
      </div>
    </section>
  );
}
