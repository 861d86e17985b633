import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApplicationOrder } from '../../../../domain/applications/application.ts';
import type { DocumentView, MemberChecklist } from '../../../../domain/applications/documents.ts';
import {
  answersNeededFor,
  type DocumentOffer,
  documentOffers,
  type MemberFiles,
} from '../../../../domain/applications/household.ts';
import type { MemberForm } from '../../../../domain/applications/member-form.ts';
import { applicationKeys, getMemberForm } from '../../../lib/application-api.ts';

/**
 * The other members' files this member's missing documents can use again ("Use Meera’s passport
 * copy"), by the rule the server checks a copy with (household.ts `documentOffers`). The papers of
 * the parent who signs a child's consent alone follow the answers (who signs, which parent is
 * which): only then are the forms of the child and their family read, the members
 * `answersNeededFor` names, from the same cache the form itself keeps (a save updates it).
 */
export function useDocumentOffers(
  orderRef: string,
  memberId: number | undefined,
  members: ApplicationOrder['members'],
  checklists: readonly MemberChecklist[],
  /** Whether the package has a form: without one there are no answers to read. */
  withForm: boolean,
): readonly DocumentOffer[] {
  const { files, self, missing } = useMemo(
    () => filesOf(members, checklists, memberId),
    [members, checklists, memberId],
  );
  const needed = useMemo(
    () => (self && withForm ? answersNeededFor(self, files, missing) : []),
    [self, files, missing, withForm],
  );
  const answers = useQueries({
    queries: needed.map((id) => ({
      queryKey: applicationKeys.memberForm(orderRef, id),
      queryFn: async () => (await getMemberForm(orderRef, id)).data,
    })),
    combine: answersOfForms,
  });
  // Kept while nothing it reads changes: the documents step is rebuilt when its offers change.
  return useMemo(() => {
    if (!self) return [];
    const known = files.map((f) => {
      const given = answers[needed.indexOf(f.id)];
      return given ? { ...f, answers: given } : f;
    });
    return documentOffers(known.find((f) => f.id === self.id) ?? self, known, missing);
  }, [self, files, missing, needed, answers]);
}

/** The answers of each form read, in the order asked (stable while no form changes). */
const answersOfForms = (results: readonly { data?: MemberForm | undefined }[]) => results.map((r) => r.data?.answers);

/**
 * What tells one file from another here: a copy taken with "Use Priya’s copy" keeps the file's
 * name, type and bytes, so documents alike in all three hold one file, offered once. The server
 * takes each of them (it offers every document): leaving one out here refuses nothing.
 */
const fileOf = ({ name, type, size }: DocumentView) => JSON.stringify([name, type, size]);

/** The order's members with the files of their checklists, this member, and their items not uploaded yet. */
function filesOf(
  members: ApplicationOrder['members'],
  checklists: readonly MemberChecklist[],
  memberId: number | undefined,
): { files: MemberFiles[]; self: MemberFiles | undefined; missing: string[] } {
  const files: MemberFiles[] = members.map((m) => ({
    id: m.id,
    fullName: m.fullName,
    kind: m.kind,
    relationship: m.relationship,
    documents:
      checklists
        .find((c) => c.memberId === m.id)
        ?.items.flatMap((item) => item.documents.map((d) => ({ id: d.id, itemId: item.id, file: fileOf(d) }))) ?? [],
  }));
  const missing =
    checklists
      .find((c) => c.memberId === memberId)
      ?.items.filter((item) => !item.uploaded)
      .map((item) => item.id) ?? [];
  return { files, self: files.find((f) => f.id === memberId), missing };
}
