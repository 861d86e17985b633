import { isDeepStrictEqual } from 'node:util';
import { reopenedForm } from '../../../domain/applications/member-form.ts';
import { missionPostingLines } from '../../../domain/applications/posting-address.ts';
import { filingOf } from '../../../domain/catalog/filing.ts';
import type { FormDefinition } from '../../../domain/forms/definition.ts';
import { memberSteps } from '../../../domain/forms/visibility.ts';
import {
  ADDRESS_KEYS,
  addressCodeOf,
  addressCountryConflict,
  decidingMember,
} from '../../../domain/jurisdiction/address-answers.ts';
import { type Jurisdiction, sameDestination } from '../../../domain/jurisdiction/jurisdiction.ts';
import { addressConflict } from '../../../domain/jurisdiction/proof-of-address.ts';
import type { AddressCountry } from '../../../domain/users/regions.ts';
import type { Database } from '../../db/client.ts';
import type { JurisdictionService } from '../jurisdiction/service.ts';
import type { Order } from '../orders/service.ts';
import type { OrderCompletion } from './order-completion.ts';
import { postingAddressOf, tellPostingAddressWithdrawn, type WithdrawalMail } from './posting-address.ts';
import type { MissionAddressOf } from './print-pack-service.ts';
import { type ApplicationRow, createApplicationsRepository, type MemberRow } from './repository.ts';

/** The mission serving a code on a day, or null when the table cannot tell (never a guess). */
export type ResolveMission = (country: AddressCountry, postalCode: string, at: Date) => Promise<Jurisdiction | null>;

/**
 * What storing the order's mission uses: the table's look-up (in the caller's transaction), and the
 * e-mail that withdraws a posting address our team confirmed for where the file went before.
 */
export interface MissionStore {
  resolve: ResolveMission;
  withdrawal: WithdrawalMail;
}

/** The order a stored mission belongs to, locked by the caller: its id, and what its customer's e-mail names. */
type MissionOrder = Pick<Order, 'id' | 'displayId' | 'title' | 'email' | 'kind'>;

/** The jurisdiction service's answer as a mission: a 400 or 404 there is "not known" here. */
export function missionResolver(jurisdiction: Pick<JurisdictionService, 'resolve'>): ResolveMission {
  return async (country, postalCode, at) => {
    const result = await jurisdiction.resolve(country, postalCode, at);
    return result.ok ? result.value : null;
  };
}

/**
 * After a member's answers are written, in the order's locked transaction `tx`: when that member
 * is the one whose address decides (`decidingMember`), stores the mission their address resolves
 * to on `at`, or null when it has no address yet or none the table knows (decision
 * 0114-order-mission). Another member's save changes nothing. Answers whether the stored mission
 * changed.
 */
export async function refreshOrderMission(
  tx: Database,
  store: MissionStore,
  order: MissionOrder,
  savedMemberId: number,
  at: Date,
): Promise<boolean> {
  const repository = createApplicationsRepository(tx);
  const decider = decidingMember(await repository.listMembers(order.id));
  if (decider?.id !== savedMemberId) return false;
  return storeMissionOf(tx, store, order, decider, at);
}

/**
 * After a member was added, removed or changed kind, in that change's transaction `tx` (`resolve`
 * reads in it too): when another member decides now, the mission follows their saved address at
 * once (null while they have none), so the print pack's label never goes to a removed member's
 * consulate. The same decider keeps the stored mission: their address did not change, and a
 * later table row does not move a mission the customer was told (decision 0114). Answers whether
 * the stored mission changed.
 */
export async function followDecidingMember(
  tx: Database,
  store: MissionStore,
  order: MissionOrder,
  membersBefore: readonly MemberRow[],
  at: Date,
): Promise<boolean> {
  const before = decidingMember(membersBefore);
  const now = decidingMember(await createApplicationsRepository(tx).listMembers(order.id));
  if (before?.id === now?.id) return false;
  return storeMissionOf(tx, store, order, now, at);
}

/** Why a member cannot go with the order: the field of their address's code and the sentence naming them. */
export interface MemberAway {
  member: MemberRow;
  field: string;
  message: string;
}

/**
 * Why a member other than the deciding one cannot be reviewed on the order: their own saved address
 * resolves to another mission than the order's stored one. The field of the address's code and the
 * sentence naming them, or null (also while the order has no mission yet).
 */
export async function memberAddressConflict(
  db: Database,
  resolve: ResolveMission,
  orderId: number,
  memberId: number,
  at: Date,
): Promise<MemberAway | null> {
  const away = await membersAway(db, resolve, orderId, at, (member) => member.id === memberId);
  return away[0] ?? null;
}

/**
 * The reviewed members, other than the deciding one, whose own address another mission serves
 * than the order's: reviewed before the deciding member's address set the order's mission, or
 * before it moved. They go back to their form (decision 0151).
 */
export function reviewedMembersAway(db: Database, resolve: ResolveMission, orderId: number, at: Date) {
  return membersAway(db, resolve, orderId, at, (member) => member.reviewDetails !== null);
}

async function membersAway(
  db: Database,
  resolve: ResolveMission,
  orderId: number,
  at: Date,
  which: (member: MemberRow) => boolean,
): Promise<MemberAway[]> {
  const repository = createApplicationsRepository(db);
  const [app, members] = await Promise.all([repository.findApplication(orderId), repository.listMembers(orderId)]);
  const decider = decidingMember(members);
  if (!app?.mission || !decider) return [];
  const away: MemberAway[] = [];
  for (const member of members) {
    // One in the other country: the review refuses it for that (addressCountryConflict), which says more.
    const code = member.id === decider.id || !which(member) ? null : orderCodeOf(app, member.answers);
    if (!code) continue;
    const conflict = addressConflict(
      code,
      await resolve(code.country, code.postalCode, at),
      app.mission,
      decider.fullName,
    );
    if (!conflict) continue;
    away.push({
      member,
      field: code.country === 'US' ? ADDRESS_KEYS.zip : ADDRESS_KEYS.postalCode,
      message: `${member.fullName.trim()}’s ${conflict}`,
    });
  }
  return away;
}

/**
 * After the order's mission moved, in the order's locked transaction `tx` (`resolve` reads in it):
 * each reviewed member whose own address another mission now serves goes back to their form's last
 * step, unreviewed, so the order cannot go to the consulate with them; their review then refuses
 * them with `memberAddressConflict`'s sentence until the address or the order changes. The
 * order's status follows (an order pending goes back to forms incomplete).
 */
export async function withdrawReviewsAway(
  tx: Database,
  { resolve, completion }: { resolve: ResolveMission; completion: Pick<OrderCompletion, 'sync'> },
  orderId: number,
  definition: FormDefinition,
  at: Date,
): Promise<void> {
  const away = await reviewedMembersAway(tx, resolve, orderId, at);
  if (away.length === 0) return;
  const repository = createApplicationsRepository(tx);
  for (const { member } of away) {
    await repository.updateMember(
      orderId,
      member.id,
      reopenedForm(member, memberSteps(definition, member.kind).length),
    );
  }
  await completion.sync(tx, orderId);
}

/**
 * The country and code of an address that can send the order's file: none from an address in the
 * other country than the order was priced for (its fees, centre and checklist are that country's).
 */
function orderCodeOf(app: Pick<ApplicationRow, 'choices'>, answers: Record<string, unknown>) {
  return addressCountryConflict(answers, app.choices.applyingFrom) ? null : addressCodeOf(answers);
}

/**
 * Stores the mission `decider`'s address resolves to on `at` (null without one, or with one in the
 * other country: `orderCodeOf`) when the answer differs, in the order's locked transaction `tx`;
 * answers whether it did. Where the file is posted moving too (`sameDestination`), the posting
 * address our team confirmed goes, and the customer is told not to post to it (decision 0179);
 * another code of the same mission keeps it.
 */
async function storeMissionOf(
  tx: Database,
  { resolve, withdrawal }: MissionStore,
  order: MissionOrder,
  decider: Pick<MemberRow, 'answers'> | null,
  at: Date,
): Promise<boolean> {
  const repository = createApplicationsRepository(tx);
  const app = await repository.findApplication(order.id);
  if (!app) return false;
  // An e-Visa is filed online: no mission receives it, so no address decides one (filingOf).
  const code = decider && filingOf(app.serviceSlug) === 'mission' ? orderCodeOf(app, decider.answers) : null;
  const mission = code ? await resolve(code.country, code.postalCode, at) : null;
  if (isDeepStrictEqual(app.mission, mission)) return false;
  const withdrawn = sameDestination(app.mission, mission) ? null : postingAddressOf(app);
  await repository.setMission(order.id, mission, { withdrawPostingAddress: withdrawn !== null });
  if (withdrawn) await tellPostingAddressWithdrawn(tx, withdrawal, order, withdrawn, mission);
  return true;
}

/**
 * The mailing label's "To": the address our team confirmed (decision 0179), else the stored
 * mission's where our sources give it (`missionPostingLines`: the centre, for which mission, the
 * street lines); null while neither is known.
 */
export const storedMissionAddress: MissionAddressOf = async (_order, app) =>
  app.postingAddress ?? missionPostingLines(app.mission, app.serviceSlug);
