import {
  ABOUT_MESSAGES,
  type AboutBlockInput,
  type AdminAboutBlock,
  type AdminTeamMember,
  changedFields,
  sentFields,
  TEAM_MESSAGES,
  type TeamMemberEdit,
  type TeamMemberInput,
} from '../../../domain/admin/content.ts';
import type { Database } from '../../db/client.ts';
import { createContentImages, type ImageChange } from '../../lib/content-images.ts';
import { staleEdit } from '../../lib/edit-version.ts';
import type { FileStorage } from '../../storage/index.ts';
import type { AuditLog, StaffActor } from '../audit/service.ts';
import {
  type AboutBlockRow as BlockRow,
  createAboutRepository,
  type TeamMemberRow as MemberRow,
} from './about-repository.ts';
import type { ContentAdminResult } from './admin.ts';

const memberView = (row: MemberRow): AdminTeamMember => ({
  id: row.id,
  name: row.name,
  jobDescription: row.jobDescription,
  image: row.image,
  position: row.position,
  updatedAt: row.updatedAt.toISOString(),
});
const memberFieldsOf = (m: Omit<AdminTeamMember, 'id' | 'updatedAt'>) => ({
  name: m.name,
  jobDescription: m.jobDescription,
  image: m.image,
  position: m.position,
});

const blockView = (row: BlockRow): AdminAboutBlock => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  description: row.description,
  position: row.position,
  updatedAt: row.updatedAt.toISOString(),
});
const blockFieldsOf = (b: Omit<AboutBlockInput, 'updatedAt'>) => ({
  title: b.title,
  description: b.description,
  position: b.position,
});

export interface AboutAdminDeps {
  audit: Pick<AuditLog, 'record'>;
  storage: Pick<FileStorage, 'delete'>;
  /** Called after every committed change: the page cache (and what else subscribes) drops the About page. */
  changed: () => void;
}

/**
 * The About page for admins (decision 0075): team members (add, change, move, photo, remove) and
 * the text of its blocks. Each change and its audit entry (only the changed fields, before →
 * after) commit in one transaction, then `changed()`.
 */
export function createAboutAdmin(db: Database, { audit, storage, changed }: AboutAdminDeps) {
  const memberMissing = { ok: false, status: 404, message: TEAM_MESSAGES.notFound } as const;
  const repository = createAboutRepository(db);
  const images = createContentImages({ storage, inUse: (path) => repository.teamImageInUse(path) });

  /**
   * Writes the member's new fields and its audit entry; nothing when nothing changed. `loadedAt`: an
   * edit's `updatedAt`, refused when the member has changed since.
   */
  async function updateMember(
    actor: StaffActor,
    id: number,
    next: (row: AdminTeamMember) => ReturnType<typeof memberFieldsOf>,
    action: string,
    loadedAt?: string,
  ): Promise<ImageChange<AdminTeamMember>> {
    const result = await db.transaction(async (tx) => {
      const inTx = createAboutRepository(tx);
      const stale = loadedAt !== undefined && (await inTx.changedSince('member', id, loadedAt));
      const row = await inTx.findTeamMember(id);
      if (!row) return null;
      if (stale) return staleEdit;
      const current = memberView(row);
      const wanted = next(current);
      const diff = changedFields(memberFieldsOf(current), wanted);
      if (!diff) return { value: current };
      const updated = await inTx.updateTeamMember(id, { ...wanted, updatedAt: new Date() });
      await audit.record(tx, { actor, action, subject: { type: 'team-member', id }, ...diff });
      return { value: memberView(updated as MemberRow), replaced: current.image };
    });
    if (!result) return memberMissing;
    if ('ok' in result) return result;
    if ('replaced' in result) changed();
    return { ok: true, ...result };
  }

  return {
    async adminListTeam(): Promise<AdminTeamMember[]> {
      return (await repository.listTeam()).map(memberView);
    },

    async adminGetTeamMember(id: number): Promise<AdminTeamMember | null> {
      const row = await repository.findTeamMember(id);
      return row ? memberView(row) : null;
    },

    async createTeamMember(actor: StaffActor, input: TeamMemberInput): Promise<AdminTeamMember> {
      const created = await db.transaction(async (tx) => {
        const row = await createAboutRepository(tx).insertTeamMember(input);
        const view = memberView(row as MemberRow);
        await audit.record(tx, {
          actor,
          action: 'team-member.create',
          subject: { type: 'team-member', id: view.id },
          after: memberFieldsOf(view),
        });
        return view;
      });
      changed();
      return created;
    },

    /** An edit that leaves out `position` keeps the stored one; the photo is uploaded on its own. */
    editTeamMember(actor: StaffActor, id: number, { updatedAt, ...input }: TeamMemberEdit) {
      return updateMember(
        actor,
        id,
        (row) => ({ ...memberFieldsOf(row), ...sentFields(input), image: row.image }),
        'team-member.edit',
        updatedAt,
      );
    },

    moveTeamMember(actor: StaffActor, id: number, position: number) {
      return updateMember(actor, id, (row) => ({ ...memberFieldsOf(row), position }), 'team-member.position');
    },

    /** Points the member at a newly stored photo; the one it replaces leaves storage. */
    setTeamMemberImage(
      actor: StaffActor,
      id: number,
      storageKey: string,
    ): Promise<ContentAdminResult<AdminTeamMember>> {
      return images.replace(storageKey, (image) =>
        updateMember(actor, id, (row) => ({ ...memberFieldsOf(row), image }), 'team-member.image'),
      );
    },

    async deleteTeamMember(actor: StaffActor, id: number): Promise<ContentAdminResult<null>> {
      const gone = await db.transaction(async (tx) => {
        const row = await createAboutRepository(tx).deleteTeamMember(id);
        if (!row) return null;
        await audit.record(tx, {
          actor,
          action: 'team-member.delete',
          subject: { type: 'team-member', id },
          before: memberFieldsOf(memberView(row)),
        });
        return row;
      });
      if (!gone) return memberMissing;
      changed();
      await images.dropIfUnused(gone.image);
      return { ok: true, value: null };
    },

    /** Whether an uploaded image is a team member's photo: only those are served publicly. */
    isPublicImage: images.isPublic,

    /** The SevaDocs About page's blocks (Our Story, Our Vision, the values) in page order. */
    async adminListAboutBlocks(): Promise<AdminAboutBlock[]> {
      return (await repository.listAboutBlocks()).map(blockView);
    },

    async editAboutBlock(
      actor: StaffActor,
      id: number,
      input: AboutBlockInput,
    ): Promise<ContentAdminResult<AdminAboutBlock>> {
      const result = await db.transaction(async (tx) => {
        const inTx = createAboutRepository(tx);
        const stale = await inTx.changedSince('block', id, input.updatedAt);
        // The other brands' blocks belong to their landing pages, not to the About page.
        const row = await inTx.findAboutBlock(id);
        if (!row) return null;
        if (stale) return staleEdit;
        const current = blockView(row);
        // A `position` left out keeps the stored one.
        const wanted = { ...blockFieldsOf(current), ...sentFields(blockFieldsOf(input)) };
        const diff = changedFields(blockFieldsOf(current), wanted);
        if (!diff) return { value: current, changed: false };
        const updated = await inTx.updateBlock(id, { ...wanted, updatedAt: new Date() });
        await audit.record(tx, { actor, action: 'about-block.edit', subject: { type: 'about-block', id }, ...diff });
        return { value: blockView(updated as BlockRow), changed: true };
      });
      if (!result) return { ok: false, status: 404, message: ABOUT_MESSAGES.notFound };
      if ('ok' in result) return result;
      if (result.changed) changed();
      return { ok: true, value: result.value };
    },
  };
}
