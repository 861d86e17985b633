import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { type AdminAboutBlock, aboutBlockFormSchema } from '../../../domain/admin/content.ts';
import { fieldErrorsOf, SaveOutcome, TextField, useContentSave } from './content-fields.tsx';
import { ContentPageHeading, PositionField, positionValue, SaveButton } from './content-form-page.tsx';

const KIND_HEADINGS: Record<AdminAboutBlock['kind'], string> = {
  story: 'Our Story',
  vision: 'Our Vision',
  value: 'What Defines Us',
};

/**
 * Admins: the About page's text (decision 0075): Our Story, Our Vision and the What Defines Us
 * values, one form per block, grouped as the page shows them. The team is its own list on /admin/content.
 */
export function AboutBlocksPage({ blocks }: { blocks: AdminAboutBlock[] }) {
  return (
    <section aria-labelledby="about-title" className="flex max-w-3xl flex-col gap-6">
      <ContentPageHeading titleId="about-title">About page text</ContentPageHeading>
      {(Object.keys(KIND_HEADINGS) as AdminAboutBlock['kind'][]).map((kind) => (
        <section key={kind} aria-labelledby={`about-${kind}`} className="flex flex-col gap-4">
          <h2 id={`about-${kind}`} className="text-lg font-semibold text-slate-900">
            {KIND_HEADINGS[kind]}
          </h2>
          {blocks
            .filter((block) => block.kind === kind)
            .map((block) => (
              <BlockForm key={block.id} block={block} />
            ))}
        </section>
      ))}
    </section>
  );
}

/** One block's title, text and order. */
function BlockForm({ block }: { block: AdminAboutBlock }) {
  const { revalidate } = useRevalidator();
  const saving = useContentSave();
  const [title, setTitle] = useState(block.title);
  const [description, setDescription] = useState(block.description);
  const [position, setPosition] = useState(String(block.position));
  const key = `block-${block.id}`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = aboutBlockFormSchema.safeParse({
      title,
      description,
      position: positionValue(position),
      updatedAt: block.updatedAt,
    });
    if (!parsed.success) return saving.showErrors(fieldErrorsOf(parsed.error));
    if (await saving.save('PUT', `/admin/about-blocks/${block.id}`, parsed.data)) await revalidate();
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Block: ${block.title}`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
    >
      <TextField name={`${key}-title`} label="Title" value={title} onChange={setTitle} error={saving.errors.title} />
      <TextField
        name={`${key}-description`}
        label="Text"
        hint="Leave a blank line between paragraphs."
        value={description}
        onChange={setDescription}
        error={saving.errors.description}
        multiline
      />
      <PositionField name={`${key}-position`} value={position} onChange={setPosition} error={saving.errors.position} />
      <div>
        <SaveButton pending={saving.pending}>Save block</SaveButton>
      </div>
      <SaveOutcome saving={saving} />
    </form>
  );
}
