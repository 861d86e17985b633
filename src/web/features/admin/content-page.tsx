import { Link } from 'react-router';
import type { AdminArticle, AdminBanner, AdminOffer } from '../../../domain/admin/content.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { mediaUrl } from '../../../domain/marketing/media.ts';
import { ActionOutcome, useAdminAction } from './use-admin-action.tsx';

const button =
  'rounded-lg border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60';

type Row = { id: number; isActive: boolean; position: number; label: string };

/**
 * Admins: the offers strip and the home banners (decision 0072), each in display order, with show
 * or hide, move up or down (positions swapped with the neighbour), edit and delete.
 */
export function ContentPage({
  offers,
  banners,
  articles = [],
}: {
  offers: AdminOffer[];
  banners: AdminBanner[];
  articles?: AdminArticle[];
}) {
  const action = useAdminAction();
  return (
    <section aria-labelledby="content-title" className="flex flex-col gap-8">
      <h1 id="content-title" className="text-2xl font-bold text-slate-900">
        Content
      </h1>
      <p className="text-sm">
        <Link to={`${ROUTES.ADMIN_CONTENT}/terms`} className="text-brand-700 hover:underline">
          Terms and privacy sections
        </Link>
      </p>
      <ActionOutcome outcome={action.outcome} />
      <ContentList
        title="Offers"
        kind="offers"
        rows={offers.map((o) => ({ id: o.id, isActive: o.isActive, position: o.position, label: o.title }))}
        action={action}
      />
      <ContentList
        title="Banners"
        kind="banners"
        rows={banners.map((b) => ({ id: b.id, isActive: b.isActive, position: b.position, label: b.altText }))}
        images={new Map(banners.map((b) => [b.id, b.bannerImage]))}
        action={action}
      />
      <ArticleList articles={articles} action={action} />
    </section>
  );
}

/** Articles, newest first: publish or withdraw, edit, delete. */
function ArticleList({ articles, action }: { articles: AdminArticle[]; action: ReturnType<typeof useAdminAction> }) {
  const base = `${ROUTES.ADMIN_CONTENT}/articles`;
  return (
    <section aria-labelledby="articles-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <h2 id="articles-title" className="text-lg font-semibold text-slate-900">
          Articles
        </h2>
        <Link to={`${base}/new`} className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white">
          Write an article
        </Link>
      </div>
      {articles.length === 0 ? (
        <p className="text-sm text-slate-600">None yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2">
                Title
              </th>
              <th scope="col">Address</th>
              <th scope="col">Published</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {articles.map((article) => (
              <tr key={article.id} className="border-b border-slate-100">
                <td className="py-2">
                  <Link to={`${base}/${article.id}`} className="text-brand-700 hover:underline">
                    {article.title}
                  </Link>
                </td>
                <td className="font-mono text-xs">{article.slug}</td>
                <td>{article.isPublished ? 'Yes' : 'No'}</td>
                <td className="flex flex-wrap gap-1 py-2">
                  <button
                    type="button"
                    className={button}
                    disabled={action.pending}
                    aria-label={`${article.isPublished ? 'Withdraw' : 'Publish'} ${article.title}`}
                    onClick={() =>
                      void action.run('PATCH', `/admin/articles/${article.id}`, { isPublished: !article.isPublished })
                    }
                  >
                    {article.isPublished ? 'Withdraw' : 'Publish'}
                  </button>
                  <button
                    type="button"
                    className={button}
                    disabled={action.pending}
                    aria-label={`Delete ${article.title}`}
                    onClick={() => {
                      if (window.confirm(`Delete “${article.title}”? This cannot be undone.`)) {
                        void action.run('DELETE', `/admin/articles/${article.id}`);
                      }
                    }}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ContentList({
  title,
  kind,
  rows,
  images,
  action,
}: {
  title: string;
  kind: 'offers' | 'banners';
  rows: Row[];
  images?: Map<number, string>;
  action: ReturnType<typeof useAdminAction>;
}) {
  const base = `${ROUTES.ADMIN_CONTENT}/${kind}`;
  /** Moves a row one place: the two swap positions (equal positions become two in a row). */
  const move = async (index: number, by: -1 | 1) => {
    const row = rows[index];
    const other = rows[index + by];
    if (!row || !other) return;
    const upper = by === -1 ? row : other;
    const lower = by === -1 ? other : row;
    const first = Math.min(row.position, other.position);
    const second = Math.max(row.position, other.position, first + 1);
    if (await action.run('PATCH', `/admin/${kind}/${upper.id}`, { position: first })) {
      await action.run('PATCH', `/admin/${kind}/${lower.id}`, { position: second });
    }
  };
  return (
    <section aria-labelledby={`${kind}-title`} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <h2 id={`${kind}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Link to={`${base}/new`} className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white">
          Add {kind === 'offers' ? 'an offer' : 'a banner'}
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">None yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2">
                {kind === 'offers' ? 'Title' : 'Banner'}
              </th>
              <th scope="col">Order</th>
              <th scope="col">Shown</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const image = images?.get(row.id);
              return (
                <tr key={row.id} className="border-b border-slate-100">
                  <td className="py-2">
                    <span className="flex items-center gap-2">
                      {image ? <img src={mediaUrl(image)} alt="" className="h-8 w-16 rounded object-cover" /> : null}
                      <Link to={`${base}/${row.id}`} className="text-brand-700 hover:underline">
                        {row.label}
                      </Link>
                    </span>
                  </td>
                  <td>{row.position}</td>
                  <td>{row.isActive ? 'Yes' : 'No'}</td>
                  <td className="flex flex-wrap gap-1 py-2">
                    <button
                      type="button"
                      className={button}
                      disabled={action.pending || index === 0}
                      aria-label={`Move ${row.label} up`}
                      onClick={() => void move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={button}
                      disabled={action.pending || index === rows.length - 1}
                      aria-label={`Move ${row.label} down`}
                      onClick={() => void move(index, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className={button}
                      disabled={action.pending}
                      aria-label={`${row.isActive ? 'Hide' : 'Show'} ${row.label}`}
                      onClick={() => void action.run('PATCH', `/admin/${kind}/${row.id}`, { isActive: !row.isActive })}
                    >
                      {row.isActive ? 'Hide' : 'Show'}
                    </button>
                    <button
                      type="button"
                      className={button}
                      disabled={action.pending}
                      aria-label={`Delete ${row.label}`}
                      onClick={() => {
                        if (window.confirm(`Delete “${row.label}”? This cannot be undone.`)) {
                          void action.run('DELETE', `/admin/${kind}/${row.id}`);
                        }
                      }}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
