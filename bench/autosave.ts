// The autosave scenario of `npm run bench` (docs/decisions/0051-member-form-api.md): PUT a member's
// whole answer set as the form page does, under load, without measuring the autosave rate limit.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { MEMBER_FORM_BODY_LIMIT } from '../src/domain/applications/member-form.ts';
import { checkAnswers } from '../src/domain/forms/answers.ts';
import { validAnswers } from '../src/domain/forms/testing.ts';
import { todayIsoDate } from '../src/domain/limits/constants.ts';
import { definitionForPackage } from '../src/server/modules/applications/form-definitions/index.ts';
import type { RotatingRequest, ScenarioContext } from './scenarios.ts';

/**
 * The limit is one save per member per second per session. The load cycles through every pair of
 * SESSIONS sessions and ORDERS × 10 members (3,000 pairs) in turn, so a pair comes round again only
 * after 3,000 requests: more than a second at any rate this server reaches. A 429 fails the run.
 */
export const AUTOSAVE_SESSIONS = 60;
const ORDERS = 5;
export const MEMBERS = [...'ABCDEFGHIJ'].map((letter) => ({
  fullName: `Bench Member ${letter}`,
  dateOfBirth: '1980-05-17',
  relationship: 'Other',
}));

/** A whole adult's New OCI Card answers, valid today: the largest save the form page sends. */
function completeAnswers(): Record<string, unknown> {
  const definition = definitionForPackage('oci-card', 'new-oci-card');
  if (!definition) throw new Error('no seeded New OCI Card form');
  const today = todayIsoDate();
  const [values] = fc.sample(validAnswers(definition, today), { numRuns: 1, seed: 51 });
  const { answers, errors } = checkAnswers(definition, values, { mode: 'complete', memberKind: 'Adult', today });
  if (Object.keys(errors).length > 0) throw new Error(`bench answers are not complete: ${JSON.stringify(errors)}`);
  return answers;
}

export const autosaveBody = JSON.stringify({ currentStep: 3, answers: completeAnswers() });
if (Buffer.byteLength(autosaveBody) > MEMBER_FORM_BODY_LIMIT)
  throw new Error('the bench answers exceed the body limit');

/** The seeded New OCI Card package (US), priced by the server as the package page asks for it. */
export async function newOciCardPackage(context: ScenarioContext): Promise<{ id: number }> {
  const services = (await context.getJson('/api/v1/services?page=1&limit=100')) as {
    data: { results: { id: number; slug: string }[] };
  };
  const oci = services.data.results.find((s) => s.slug === 'oci-card');
  if (!oci) throw new Error('the seeded catalog has no OCI card service');
  const priced = (await context.sendJson('POST', `/api/v1/packages/${oci.id}?applyingFrom=US`)) as {
    data: { id: number; slug: string }[];
  };
  const pkg = priced.data.find((p) => p.slug === 'new-oci-card');
  if (!pkg) throw new Error('the seeded catalog has no New OCI Card package');
  return pkg;
}

/** Starts ORDERS applications of 10 members each and answers one PUT per (session, member) pair. */
export async function autosaveRequests(context: ScenarioContext): Promise<RotatingRequest[]> {
  const [owner] = context.sessionCookies;
  if (!owner || context.sessionCookies.length < AUTOSAVE_SESSIONS)
    throw new Error('the autosave scenario needs its sessions');
  const pkg = await newOciCardPackage(context);
  const paths: string[] = [];
  for (let i = 0; i < ORDERS; i += 1) {
    const started = (await context.sendJson(
      'POST',
      '/api/v1/application/order',
      { idempotencyKey: randomUUID(), packageId: pkg.id, choices: { applyingFrom: 'US' }, members: MEMBERS },
      owner,
    )) as { data: { displayId: string; members: { id: number }[] } };
    const { displayId, members } = started.data;
    for (const member of members) paths.push(`/api/v1/application/order/${displayId}/members/${member.id}/form`);
  }
  return context.sessionCookies.flatMap((cookie) => paths.map((path) => ({ path, headers: { cookie } })));
}
