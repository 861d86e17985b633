import type { Database } from '../../db/client.ts';
import { safeEntryName } from '../../lib/zip.ts';
import { downloadFileName } from '../../uploads/serve-file.ts';
import { createApplicationsPersonalDataRepository } from './personal-data-repository.ts';

/** A stored file the customer's export carries, by its storage key. */
export interface ExportedFile {
  /** The file's path inside the archive. */
  path: string;
  storageKey: string;
}

/**
 * A service application's personal data (issue 34 §3): what the customer's export holds of it,
 * and the erasure of its members and documents (its files go through the order kind's eraseFiles).
 */
export function createApplicationsPersonalData(db: Database) {
  return {
    /** The application's answers, members, passports and documents, and the files to add beside them. */
    async exportOrder(orderId: number, displayId: string): Promise<{ data: object | null; files: ExportedFile[] }> {
      const repository = createApplicationsPersonalDataRepository(db);
      const application = await repository.application(orderId);
      if (!application) return { data: null, files: [] };
      const [members, documents, requests] = await Promise.all([
        repository.members(orderId),
        repository.documents(orderId),
        repository.documentRequests(orderId),
      ]);
      const files: ExportedFile[] = [];
      const documentList = documents.map((doc) => {
        const path =
          doc.storageKey && doc.deletedAt === null
            ? safeEntryName(`files/${displayId}/${doc.id}-${downloadFileName(doc.displayName, doc.contentType)}`)
            : null;
        if (path && doc.storageKey) files.push({ path, storageKey: doc.storageKey });
        return {
          id: doc.id,
          memberId: doc.memberId,
          checklistItem: doc.itemId,
          direction: doc.direction,
          name: doc.displayName,
          contentType: doc.contentType,
          sizeBytes: doc.sizeBytes,
          sha256: doc.sha256,
          uploadedBy: doc.uploadedBy,
          uploadedAt: doc.createdAt.toISOString(),
          deletedAt: doc.deletedAt?.toISOString() ?? null,
          fileInArchive: path,
        };
      });
      return {
        data: {
          service: application.serviceName,
          package: application.packageName,
          choices: application.choices,
          members: members.map(({ member, passport }) => ({
            id: member.id,
            fullName: member.fullName,
            dateOfBirth: member.dateOfBirth,
            kind: member.kind,
            relationship: member.relationship,
            answers: member.answers,
            review: member.reviewDetails,
            passport: passport ? { fields: passport.fields, confirmedAt: passport.confirmedAt.toISOString() } : null,
          })),
          documents: documentList,
          documentRequests: requests.map((r) => ({
            memberId: r.memberId,
            checklistItem: r.itemId,
            // A document outside the checklist (decision 0186): the name our team gave it.
            ...(r.itemLabel ? { documentName: r.itemLabel } : {}),
            note: r.note,
            requestedAt: r.createdAt.toISOString(),
            // Withdrawn by our team (decision 0188): it asked for nothing from then on.
            ...(r.withdrawnAt ? { withdrawnAt: r.withdrawnAt.toISOString() } : {}),
          })),
        },
        files,
      };
    },

    /** Erases the members (answers, passports) and document rows of the orders, in the caller's transaction. */
    erase(tx: Database, orderIds: readonly number[]): Promise<void> {
      return createApplicationsPersonalDataRepository(tx).erase(orderIds);
    },
  };
}
export type ApplicationsPersonalData = ReturnType<typeof createApplicationsPersonalData>;
