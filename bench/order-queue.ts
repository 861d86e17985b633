// The back office's order queue under load (issue 13, docs/decisions/0077): 10,000 orders written
// into the bench's fresh database before the server opens it, and the queue's scenarios. Bench
// only: the app's seed (src/server/db/seed) never makes orders.
import { eq, sql } from 'drizzle-orm';
import { applicationTitle } from '../src/domain/applications/application.ts';
import { PLATFORMS } from '../src/domain/config/platform.ts';
import { BRANDS } from '../src/domain/config/site.ts';
import type { OrderKind } from '../src/domain/orders/order-kind.ts';
import type { OrderStatus } from '../src/domain/orders/status.ts';
import { DAY_MS } from '../src/domain/time.ts';
import type { Database } from '../src/server/db/client.ts';
import {
  applicationOrders,
  orderStatusHistory,
  orders,
  packagePrices,
  packages,
  services,
  users,
} from '../src/server/db/schema.ts';
import { seedCatalog } from '../src/server/db/seed/catalog.ts';

export const QUEUE_ORDERS = 10_000;
const CUSTOMERS = 800;
/** Rows per INSERT: 1,000 orders of 10 columns stay far below PostgreSQL's 65,535 parameters. */
const BATCH = 1_000;
/** The customer whose e-mail the search scenario types (part of it, as staff would). */
export const SEARCHED_EMAIL_PART = 'priya.patel10@';

/** How often each status occurs in the seeded queue, roughly as a year of a live shop would have it. */
const STATUS_WEIGHTS: readonly [OrderStatus, number][] = [
  ['Payment pending', 8],
  ['Order pending', 6],
  ['Forms incomplete', 12],
  ['In review', 12],
  ['Submitted', 10],
  ['Approved', 8],
  ['Rejected', 2],
  ['Completed', 30],
  ['Refunded', 3],
  ['Cancelled', 9],
];
const WEIGHT_TOTAL = STATUS_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);

const FIRST_NAMES = ['Priya', 'Arjun', 'Ananya', 'Rahul', 'Meera', 'Vikram', 'Kavya', 'Sanjay', 'Emily', 'James'];
const LAST_NAMES = ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Singh', 'Menon', 'Smith', 'Chen'];

/** mulberry32: the same 10,000 orders on every run, so two runs measure the same queue. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/**
 * Writes CUSTOMERS verified customers and `count` orders (three in four DOC- with their price
 * snapshot, the rest PHO-) spread over the last 18 months in every status, each paid order with
 * its status history (the SLA clock starts at the payment). The catalog is seeded first (the app's
 * own idempotent seed, which the server then finds done) so the snapshots name real packages.
 */
export async function seedOrderQueue(db: Database, count = QUEUE_ORDERS): Promise<void> {
  await seedCatalog(db);
  const next = random(13);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const now = Date.now();

  const priced = await db
    .select({ service: services, pkg: packages, price: packagePrices })
    .from(packagePrices)
    .innerJoin(packages, eq(packages.id, packagePrices.packageId))
    .innerJoin(services, eq(services.id, packages.serviceId));
  const offers = priced.filter((p) => p.service.brand === BRANDS.docs);
  if (offers.length === 0) throw new Error('the seeded catalog has no SevaDocs package price');

  const customers = await db.transaction(async (tx) => {
    const rows = Array.from({ length: CUSTOMERS }, (_, i) => {
      const first = FIRST_NAMES[i % FIRST_NAMES.length] as string;
      const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] as string;
      return {
        name: `${first} ${last}`,
        email: `${first}.${last}${i}@example.com`.toLowerCase(),
        phone: `+1-415555${String(i).padStart(4, '0')}`,
        // Nobody signs in as these customers: no password hashes to, so none is made.
        passwordHash: 'bench-seed:no-password',
        emailVerifiedAt: new Date(now - 600 * DAY_MS),
        referralCode: `BQ${String(i).padStart(6, '0')}`,
        platform: PLATFORMS.docs,
      };
    });
    const inserted: { id: number; email: string }[] = [];
    for (const batch of chunks(rows)) {
      inserted.push(...(await tx.insert(users).values(batch).returning({ id: users.id, email: users.email })));
    }
    return inserted;
  });

  const displayIds = new Set<string>();
  const planned = Array.from({ length: count }, () => {
    const kind: OrderKind = next() < 0.75 ? 'service' : 'photo';
    let displayId: string;
    do displayId = `${kind === 'service' ? 'DOC' : 'PHO'}-${10_000_000 + Math.floor(next() * 90_000_000)}`;
    while (displayIds.has(displayId));
    displayIds.add(displayId);
    const status = weightedStatus(next() * WEIGHT_TOTAL);
    const customer = pick(customers);
    const offer = kind === 'service' ? pick(offers) : null;
    const members = 1 + Math.floor(next() * next() * 4);
    const perMember = offer
      ? offer.price.governmentFeeCents +
        offer.price.serviceFeeCents +
        offer.price.mandatoryFees.reduce((sum, f) => sum + f.amountCents, 0)
      : 1_499;
    return {
      order: {
        displayId,
        kind,
        userId: customer.id,
        email: customer.email,
        title: offer ? applicationTitle(offer.service.name, offer.pkg.name) : 'SevaPhotos photo order',
        status,
        totalCents: perMember * (offer ? members : 1),
        currency: offer?.price.currency ?? 'USD',
        createdAt: new Date(now - Math.floor(next() * 540 * DAY_MS)),
      },
      offer,
    };
  });

  await db.transaction(async (tx) => {
    for (const batch of chunks(planned)) {
      const ids = await tx
        .insert(orders)
        .values(batch.map((p) => p.order))
        .returning({ id: orders.id });
      const applications = batch.flatMap(({ offer, order }, i) =>
        offer
          ? [
              {
                orderId: ids[i]?.id as number,
                serviceId: offer.service.id,
                serviceSlug: offer.service.slug,
                serviceName: offer.service.name,
                packageId: offer.pkg.id,
                packageSlug: offer.pkg.slug,
                packageName: offer.pkg.name,
                packagePriceId: offer.price.id,
                choices: Object.fromEntries(
                  (['applyingFrom', 'citizenship', 'destination'] as const).flatMap((k) =>
                    offer.price[k] ? [[k, offer.price[k]]] : [],
                  ),
                ),
                currency: offer.price.currency,
                governmentFeeCents: offer.price.governmentFeeCents,
                mandatoryFees: offer.price.mandatoryFees,
                serviceFeeCents: offer.price.serviceFeeCents,
                createdAt: order.createdAt,
              },
            ]
          : [],
      );
      if (applications.length) await tx.insert(applicationOrders).values(applications);
      const history = batch.flatMap(({ order }, i) => historyOf(ids[i]?.id as number, order.status, order.createdAt));
      if (history.length) await tx.insert(orderStatusHistory).values(history);
    }
  });
  // A live database has its statistics from autovacuum; a bulk load right before the run would not.
  await db.execute(sql`analyze`);
}

function weightedStatus(roll: number): OrderStatus {
  let rest = roll;
  for (const [status, weight] of STATUS_WEIGHTS) {
    rest -= weight;
    if (rest < 0) return status;
  }
  return 'Completed';
}

/** An order's timeline as the app writes it: created, paid an hour later, then its current status a few days on. */
function historyOf(orderId: number, status: OrderStatus, createdAt: Date): (typeof orderStatusHistory.$inferInsert)[] {
  const at = (hours: number) => new Date(createdAt.getTime() + hours * 3_600_000);
  const created = {
    orderId,
    fromStatus: null,
    toStatus: 'Payment pending',
    changedBy: 'customer' as const,
    changedAt: createdAt,
  };
  if (status === 'Payment pending') return [created];
  if (status === 'Cancelled') {
    return [
      created,
      { orderId, fromStatus: 'Payment pending', toStatus: status, changedBy: 'customer' as const, changedAt: at(24) },
    ];
  }
  const paid = {
    orderId,
    fromStatus: 'Payment pending',
    toStatus: 'Order pending',
    changedBy: 'system' as const,
    changedAt: at(1),
  };
  if (status === 'Order pending') return [created, paid];
  return [
    created,
    paid,
    { orderId, fromStatus: 'Order pending', toStatus: status, changedBy: 'staff' as const, changedAt: at(72) },
  ];
}
