import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  AdminArticle,
  AdminBanner,
  AdminOffer,
  AdminPartner,
  AdminTeamMember,
} from '../../../domain/admin/content.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { mediaUrl } from '../../../domain/marketing/media.ts';
import { ActionOutcome, useAdminAction } from './use-admin-action.tsx';

const button =
  'rounded-lg border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const showHide = (isActive: boolean) => ({ label: isActive ? 'Hide' : 'Show', body: { isActive: !isActive } });

/**
 * Admins: the site's content (decisions 0072, 0075): offers, home banners, partner services and
 * the About page's team in display order (move up or down, show or hide), and the articles
 * (publish or withdraw), each with edit and delete; links to the policy sections and About text.
 */
export function ContentPage({
  offers,
  banners,
  articles = [],
  partners = [],
  team = [],
}: {
  offers: AdminOffer[];
  banners: AdminBanner[];
  articles?: AdminArticle[];
  partners?: AdminPartner[];
  team?: AdminTeamMember[];
}) {
  const action = useAdminAction();
  return (
    <section aria-labelledby="content-title" className="flex flex-col gap-8">
      <h1 id="content-title" className="text-2xl font-bold text-slate-900">
        Content
      </h1>
      <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <li>
          <Link to={`${ADMIN_ROUTES.CONTENT}/terms`} className="text-brand-700 hover:underline">
            Terms and privacy sections
          </Link>
        </li>
        <li>
          <Link to={`${ADMIN_ROUTES.CONTENT}/about`} className="text-brand-700 hover:underline">
            About page text
          </Link>
        </li>
      </ul>
      <ActionOutcome outcome={action.outcome} />
      <ContentList
        title="Offers"
        kind="offers"
        addLabel="Add an offer"
        labelHeader="Title"
        columns={['Order', 'Shown']}
        movable
        rows={offers.map((o) => ({
          id: o.id,
          label: o.title,
          position: o.position,
          cells: [o.position, yesNo(o.isActive)],
          toggle: showHide(o.isActive),
        }))}
        action={action}
      />
      <ContentList
        title="Banners"
        kind="banners"
        addLabel="Add a banner"
        labelHeader="Banner"
        columns={['Order', 'Shown']}
        movable
        rows={banners.map((b) => ({
          id: b.id,
          label: b.altText,
          image: b.bannerImage,
          position: b.position,
          cells: [b.position, yesNo(b.isActive)],
          toggle: showHide(b.isActive),
        }))}
        action={action}
      />
      <ContentList
        title="Partner services"
        kind="partners"
        addLabel="Add a partner service"
        labelHeader="Partner"
        columns={['Order', 'Shown']}
        movable
        rows={partners.map((p) => ({
          id: p.id,
          label: p.name,
          image: p.logo,
          position: p.position,
          cells: [p.position, yesNo(p.isActive)],
          toggle: showHide(p.isActive),
        }))}
        action={action}
      />
      <ContentList
        title="Team (About page)"
        kind="team-members"
        addLabel="Add a team member"
        labelHeader="Name"
        columns={['Order']}
        movable
        rows={team.map((m) => ({
          id: m.id,
          label: m.name,
          image: m.image,
          position: m.position,
          cells: [m.position],
        }))}
        action={action}
      />
      <ContentList
        title="Articles"
        kind="articles"
        addLabel="Write an article"
        labelHeader="Title"
        columns={['Address', 'Published']}
        rows={articles.map((a) => ({
          id: a.id,
          label: a.title,
          cells: [
            <span key="slug" className="font-mono text-xs">
              {a.slug}
            </span>,
            yesNo(a.isPublished),
          ],
          toggle: { label: a.isPublished ? 'Withdraw' : 'Publish', body: { isPublished: !a.isPublished } },
        }))}
        action={action}
      />
    </section>
  );
}

/** One row of a content list. */
interface ListRow {
  id: number;
  label: string;
  /** A small preview: the banner, the logo, the photo. */
  image?: string | null;
  /** Its order; a movable list swaps it with the neighbour's. */
  position?: number;
  /** The values of the list's `columns`, in order. */
  cells: ReactNode[];
  /** The name and PATCH body of its show/hide (publish/withdraw) button. */
  toggle?: { label: string; body: Record<string, boolean> };
}

/**
 * One kind of content as a table: each row links to its form (`/admin/content/{kind}/{id}`) and
 * is changed through `/api/v1/admin/{kind}/{id}` (move, show/hide, delete).
 */
function ContentList({
  title,
  kind,
  addLabel,
  labelHeader,
  columns,
  movable = false,
  rows,
  action,
}: {
  title: string;
  kind: string;
  addLabel: string;
  labelHeader: string;
  columns: string[];
  movable?: boolean;
  rows: ListRow[];
  action: ReturnType<typeof useAdminAction>;
}) {
  const base = `${ADMIN_ROUTES.CONTENT}/${kind}`;
  /** Moves a row one place: the two swap positions (equal positions become two in a row). */
  const move = async (index: number, by: -1 | 1) => {
    const row = rows[index];
    const other = rows[index + by];
    if (!row || !other) return;
    const upper = by === -1 ? row : other;
    const lower = by === -1 ? other : row;
    const first = Math.min(row.position ?? 0, other.position ?? 0);
    const second = Math.max(row.position ?? 0, other.position ?? 0, first + 1);
    if (await action.run('PATCH', `/admin/${kind}/${upper.id}`, { position: first })) {
      await action.run('PATCH', `/admin/${kind}/${lower.id}`, { position: second });
    }
  };
  return (
    <section aria-labelledby={`${kind}-title`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={`${kind}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Link to={`${base}/new`} className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white">
          {addLabel}
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">None yet.</p>
      ) : (
        // A phone scrolls the table sideways rather than squeezing the buttons.
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2">
                  {labelHeader}
                </th>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row.id} className="border-b border-slate-100">
                  <td className="py-2">
                    <span className="flex items-center gap-2">
                      {row.image ? (
                        <img src={mediaUrl(row.image)} alt="" className="h-8 w-16 rounded object-cover" />
                      ) : null}
                      <Link to={`${base}/${row.id}`} className="text-brand-700 hover:underline">
                        {row.label}
                      </Link>
                    </span>
                  </td>
                  {row.cells.map((cell, i) => (
                    <td key={columns[i]}>{cell}</td>
                  ))}
                  <td className="flex flex-wrap gap-1 py-2">
                    {movable && (
                      <>
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
                      </>
                    )}
                    {row.toggle && (
                      <button
                        type="button"
                        className={button}
                        disabled={action.pending}
                        aria-label={`${row.toggle.label} ${row.label}`}
                        onClick={() => void action.run('PATCH', `/admin/${kind}/${row.id}`, row.toggle?.body)}
                      >
                        {row.toggle.label}
                      </button>
                    )}
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
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
