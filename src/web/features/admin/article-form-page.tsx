import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { type AdminArticle, articleEditSchema, articleFormSchema } from '../../../domain/admin/content.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { CheckboxField, fieldErrorsOf, SaveOutcome, TextField, useContentSave } from './content-fields.tsx';

/** Admins: a new article (`article` null) or a change to one; the body is Markdown. */
export function ArticleFormPage({ article }: { article: AdminArticle | null }) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const saving = useContentSave();
  const [slug, setSlug] = useState(article?.slug ?? '');
  const [title, setTitle] = useState(article?.title ?? '');
  const [summary, setSummary] = useState(article?.summary ?? '');
  const [body, setBody] = useState(article?.body ?? '');
  const [author, setAuthor] = useState(article?.author ?? '');
  const [isPublished, setIsPublished] = useState(article?.isPublished ?? false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const values = { slug, title, summary, body, author, isPublished };
    const parsed = article
      ? articleEditSchema.safeParse({ ...values, updatedAt: article.updatedAt })
      : articleFormSchema.safeParse(values);
    if (!parsed.success) return saving.showErrors(fieldErrorsOf(parsed.error));
    const saved = article
      ? await saving.save<AdminArticle>('PUT', `/admin/articles/${article.id}`, parsed.data)
      : await saving.save<AdminArticle>('POST', '/admin/articles', parsed.data);
    if (saved && !article) await navigate(`${ADMIN_ROUTES.CONTENT}/articles/${saved.id}`);
    // The next save is made from what this one stored, so it needs the page's new `updatedAt`.
    else if (saved) await revalidate();
  };

  return (
    <section aria-labelledby="article-title" className="flex max-w-3xl flex-col gap-4">
      <p>
        <Link to={ADMIN_ROUTES.CONTENT} className="text-sm text-brand-700 hover:underline">
          ← Content
        </Link>
      </p>
      <h1 id="article-title" className="text-2xl font-bold text-slate-900">
        {article ? `Article: ${article.title}` : 'New article'}
      </h1>
      {article?.isPublished && (
        <p className="text-sm">
          <a href={`${ROUTES.ARTICLES}/${article.slug}`} className="text-brand-700 hover:underline">
            View the published article
          </a>
        </p>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField name="title" label="Title" value={title} onChange={setTitle} error={saving.errors.title} />
        <TextField
          name="slug"
          label="Address"
          hint="Lower-case letters, digits and hyphens: /articles/oci-renewal-guide"
          value={slug}
          onChange={setSlug}
          error={saving.errors.slug}
        />
        <TextField
          name="summary"
          label="Summary"
          value={summary}
          onChange={setSummary}
          error={saving.errors.summary}
          multiline
        />
        <TextField
          name="body"
          label="Article text"
          hint="Markdown: ## headings, **bold**, lists and links. HTML is shown as text."
          value={body}
          onChange={setBody}
          error={saving.errors.body}
          multiline
        />
        <TextField name="author" label="Author" value={author} onChange={setAuthor} error={saving.errors.author} />
        <CheckboxField name="isPublished" label="Published" checked={isPublished} onChange={setIsPublished} />
        <div>
          <button
            type="submit"
            disabled={saving.pending}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {article ? 'Save article' : 'Add article'}
          </button>
        </div>
        <SaveOutcome saving={saving} />
      </form>
    </section>
  );
}
