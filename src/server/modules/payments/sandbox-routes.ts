import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMoney } from '../../../domain/catalog/money.ts';
import { DEFAULT_CONTACT } from '../../../domain/config/site.ts';
import { escapeHtml } from '../../../domain/content/html.ts';
import type { OrderKind } from '../../../domain/orders/order-kind.ts';
import { checkoutHref, PAYMENT_MESSAGES as P } from '../../../domain/payments/payment.ts';
import {
  SANDBOX_CHECKOUT_PATH,
  SANDBOX_EVENT_TYPES,
  SANDBOX_METHODS,
  SANDBOX_NOTICE_PATH,
  SANDBOX_WEBHOOK_PATH,
  type Sandbox,
  type SandboxOutcome,
} from './sandbox.ts';

/** name@bank: the browser checks it as it is typed (the field's `pattern`), the route again. */
const UPI_ID_PATTERN = '[\\w.\\-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}';
const paymentQuery = z.object({ payment: z.string().regex(/^sbx_[0-9a-f]{32}$/, P.paymentNotFound) });
/**
 * `held`: the charge is taken but its event is not sent, as when a provider's notice comes late
 * (the customer may meanwhile change the order and pay again); the settled payment's page then
 * sends it. This is how the stray-charge path is played end to end (issue 28).
 */
const simulateBody = paymentQuery
  .extend({
    /** Absent for the late-notice button: a notice held back is a success's. */
    outcome: z.enum(['succeeded', 'failed']).optional(),
    notice: z.enum(['now', 'held']).default('now'),
    method: z.enum(SANDBOX_METHODS).default('card'),
    /** A test card number (any digits): the sandbox gives the same card the same fingerprint. */
    card: z
      .string()
      .regex(/^[\d ]{0,23}$/)
      .optional(),
    /** A test UPI ID (name@bank, NPCI's form), the same payer's fingerprint as a card's. */
    upiId: z
      .string()
      .trim()
      .regex(new RegExp(`^(${UPI_ID_PATTERN})?$`), P.upiIdInvalid)
      .optional(),
  })
  .transform(({ outcome, ...rest }, context) => {
    if (outcome) return { ...rest, outcome };
    if (rest.notice === 'held') return { ...rest, outcome: 'succeeded' as const };
    context.addIssue({ code: 'custom', message: 'Choose an outcome', path: ['outcome'] });
    return z.NEVER;
  });
const noticeBody = paymentQuery;

/** The page's heading once the payment is no longer open (an open one asks to pay its amount). */
const SANDBOX_HEADINGS: Partial<Record<string, string>> = {
  expired: 'Payment link closed',
  succeeded: 'Payment succeeded',
  failed: 'Payment failed',
  refunded: 'Payment refunded',
};

/** The brand an order was placed with: a photo order's is SevaPhotos. */
const brandOf = (kind: OrderKind) => (kind === 'photo' ? DEFAULT_CONTACT.photoBrandName : DEFAULT_CONTACT.companyName);

function page(title: string, body: string, brand: string = DEFAULT_CONTACT.companyName): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(brand)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>
<body style="margin:0;padding:0 1rem;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a">
<main style="max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem">${body}</main></body></html>`;
}

const FIELD_STYLE =
  'display:block;width:100%;box-sizing:border-box;min-height:44px;margin-top:.25rem;padding:.5rem .75rem;font:inherit;border:1px solid #94a3b8;border-radius:.5rem';
const LABEL_STYLE = 'display:block;margin-top:.75rem;font-size:.875rem;color:#475569';
/** A link a thumb can hit: at least WCAG 2.5.8's 24 px high, as the app's own (TAP_TARGET). */
const LINK_STYLE = 'display:inline-block;min-height:24px;padding:.25rem 0;color:#1d4ed8';
/**
 * How the customer pays, as at a real provider's page: a card, or UPI (Razorpay's). Without
 * script the page shows both numbers; the one of the chosen way is kept.
 */
const payerFields = `<fieldset style="margin:0;padding:0;border:0"><legend style="padding:0;font-size:.875rem;font-weight:600">Pay with</legend>
<div style="display:flex;gap:1.5rem;margin-top:.25rem">
<label style="display:flex;align-items:center;gap:.5rem;min-height:44px"><input type="radio" name="method" value="card" checked> Card</label>
<label style="display:flex;align-items:center;gap:.5rem;min-height:44px"><input type="radio" name="method" value="upi"> UPI</label></div></fieldset>
<label for="card" style="${LABEL_STYLE}">Test card number (optional)</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" style="${FIELD_STYLE}">
<label for="upi-id" style="${LABEL_STYLE}">Test UPI ID, when paying with UPI (optional)</label>
<input id="upi-id" name="upiId" autocomplete="off" autocapitalize="none" spellcheck="false" placeholder="success@upi" pattern="${UPI_ID_PATTERN}" title="${escapeHtml(P.upiIdInvalid)}" style="${FIELD_STYLE}">`;

/** A full-width submit button; `field` is the name and value it sends, when it sends one. */
const button = (field: [string, string] | null, label: string, colours: string) =>
  `<button type="submit"${field ? ` name="${field[0]}" value="${field[1]}"` : ''} style="display:block;width:100%;min-height:44px;margin-top:.75rem;padding:.75rem 1rem;font:inherit;font-weight:600;border-radius:.5rem;cursor:pointer;${colours}">${escapeHtml(label)}</button>`;

/**
 * The sandbox provider's hosted checkout (docs/decisions/0055), registered only when the sandbox
 * is configured: the payment's order and amount, and two buttons that settle it and post the
 * signed event to the app's own webhook inbox, as a provider's servers would, then send the
 * customer back to the return URL. Only the order's customer sees or settles it.
 */
export function sandboxRoutes(sandbox: Sandbox): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    /** Announced through the app's own inbox, signature and all, as a provider would. */
    async function announce(request: FastifyRequest, paymentId: string, outcome: SandboxOutcome) {
      const event = sandbox.signedEvent({ type: SANDBOX_EVENT_TYPES[outcome], paymentId });
      const res = await app.inject({
        method: 'POST',
        url: SANDBOX_WEBHOOK_PATH,
        headers: event.headers,
        payload: event.body,
      });
      if (res.statusCode !== 200) request.log.error({ status: res.statusCode }, 'the sandbox webhook was refused');
    }

    /** The customer's own sandbox payment, or null (someone else's looks like an unknown one). */
    async function owned(viewerId: number, paymentId: string) {
      const payment = await sandbox.find(paymentId);
      if (!payment) return null;
      // A photo order (PHO-…) pays through the same sandbox as an application (decision 0063).
      const kind: OrderKind = payment.orderDisplayId.startsWith('PHO-') ? 'photo' : 'service';
      const order = await app.services.orders.findOwned(viewerId, { displayId: payment.orderDisplayId }, kind);
      return order ? { payment, order, kind } : null;
    }

    app.get(
      '/payments/sandbox/checkout',
      { schema: { hide: true, querystring: paymentQuery } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        if (!request.viewer) {
          // Not back here after signing in: the sign-in page navigates within the app, which has
          // no route for this page. The order page offers the payment again.
          return reply
            .status(401)
            .send(
              page(
                'Sign in to pay',
                `<h1 style="margin:0 0 1rem;font-size:1.5rem">${escapeHtml(P.signInToPay)}</h1><p style="margin:0"><a href="/signin" style="${LINK_STYLE}">Sign in</a></p>`,
              ),
            );
        }
        const found = await owned(request.viewer.id, request.query.payment);
        if (!found)
          return reply.status(404).send(page('Payment not found', `<h1>${escapeHtml(P.paymentNotFound)}</h1>`));
        const { payment, order, kind } = found;
        const amount = formatMoney({ amountCents: payment.amountCents, currency: payment.currency });
        const open = payment.status === 'open';
        // The photo order's review step, or the application's own page.
        const backToOrder =
          kind === 'photo'
            ? checkoutHref(order.displayId, kind)
            : `/service-order?orderId=${encodeURIComponent(order.displayId)}`;
        return reply.send(
          page(
            'Sandbox checkout',
            `<p style="margin:0;font-size:.875rem;color:#475569">Sandbox checkout: no money moves</p>
<h1 style="margin:.25rem 0 1rem;font-size:1.5rem">${escapeHtml(SANDBOX_HEADINGS[payment.status] ?? `Pay ${amount}`)}</h1>
<dl style="display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1rem">
<dt style="color:#475569">Order</dt><dd style="margin:0">${escapeHtml(order.displayId)}</dd>
<dt style="color:#475569">For</dt><dd style="margin:0">${escapeHtml(order.title)}</dd>
<dt style="color:#475569">Amount</dt><dd style="margin:0;font-weight:600">${escapeHtml(amount)}</dd></dl>
${
  open
    ? `<form method="post" action="${SANDBOX_CHECKOUT_PATH}"><input type="hidden" name="payment" value="${escapeHtml(payment.id)}">
${payerFields}
${button(['outcome', 'succeeded'], P.simulateSuccess, 'background:#15803d;color:#fff;border:0')}
${button(['outcome', 'failed'], P.simulateFailure, 'background:#fff;color:#b91c1c;border:1px solid #b91c1c')}
${button(['notice', 'held'], P.simulateLateNotice, 'background:#fff;color:#15803d;border:1px solid #15803d')}</form>
<p style="margin:1rem 0 0;text-align:center"><a href="${escapeHtml(backToOrder)}" style="${LINK_STYLE}">Back to your order without paying</a></p>`
    : payment.status === 'expired'
      ? `<p role="status">${escapeHtml(P.linkClosed)}</p><p><a href="${escapeHtml(backToOrder)}" style="${LINK_STYLE}">Back to your order</a></p>`
      : `<p role="status">Nothing more is paid on this link.</p>
<form method="post" action="${SANDBOX_NOTICE_PATH}"><input type="hidden" name="payment" value="${escapeHtml(payment.id)}">
${button(null, P.sendNotice, 'background:#fff;color:#0f172a;border:1px solid #94a3b8')}</form>
<p><a href="${escapeHtml(payment.returnUrl)}" style="${LINK_STYLE}">Back to ${escapeHtml(brandOf(kind))}</a></p>`
}`,
            brandOf(kind),
          ),
        );
      },
    );

    app.post('/payments/sandbox/checkout', { schema: { hide: true, body: simulateBody } }, async (request, reply) => {
      await app.requireUser(request);
      const viewerId = request.viewer?.id ?? 0;
      const { payment: paymentId, outcome, method, card, upiId } = request.body;
      const found = await owned(viewerId, paymentId);
      if (!found)
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(page('Payment not found', `<h1>${escapeHtml(P.paymentNotFound)}</h1>`));
      if ((await sandbox.settle(paymentId, outcome, { method, card, upiId })) && request.body.notice === 'now') {
        await announce(request, paymentId, outcome);
      }
      return reply.redirect(found.payment.returnUrl, 303);
    });

    // The settled payment's event, sent again (a held one, or a repeat: the inbox takes each once).
    app.post('/payments/sandbox/notice', { schema: { hide: true, body: noticeBody } }, async (request, reply) => {
      await app.requireUser(request);
      const found = await owned(request.viewer?.id ?? 0, request.body.payment);
      const status = found?.payment.status;
      // A held notice tells what happened then: a success, even once refunded since (a provider
      // still delivers that event late).
      const outcome = status === 'refunded' ? 'succeeded' : status;
      if (!found || (outcome !== 'succeeded' && outcome !== 'failed'))
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(page('Payment not found', `<h1>${escapeHtml(P.paymentNotFound)}</h1>`));
      await announce(request, found.payment.id, outcome);
      return reply.redirect(found.payment.returnUrl, 303);
    });
  };
}
