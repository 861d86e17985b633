/**
 * The part of Square's Node SDK (`square`) that square.ts calls, typed here
 * (docs/decisions/0115-square-types-of-our-own.md). The SDK's own declarations are about 3,900
 * files, more than everything else the type-checker reads put together, for the five calls we
 * make; imported by name, the type-checker read them all on every run. These types are held to the
 * real SDK by square.test.ts, which drives it against a fake Square server
 * (testing/square-fake.ts): a call or field that no longer matches fails there.
 */

export interface SquareMoney {
  amount?: bigint | null;
  currency?: string;
}

/** The fields of Square's Payment that square.ts reads. */
export interface SquarePayment {
  id?: string;
  status?: string;
  amountMoney?: SquareMoney;
  refundedMoney?: SquareMoney;
  cardDetails?: { card?: { fingerprint?: string } };
  /** CARD, BANK_ACCOUNT, WALLET… */
  sourceType?: string;
}

export interface SquareErrorInstance extends Error {
  readonly statusCode?: number;
  readonly body?: unknown;
  readonly errors: { category?: string; code?: string }[];
}

interface SquareClientInstance {
  payments: {
    get(request: { paymentId: string }): Promise<{ payment?: SquarePayment }>;
    create(request: {
      sourceId: string;
      verificationToken?: string;
      idempotencyKey: string;
      amountMoney: { amount: bigint; currency: string };
      autocomplete: boolean;
      locationId: string;
      referenceId: string;
      buyerEmailAddress: string;
      note: string;
    }): Promise<{ payment?: SquarePayment }>;
  };
  refunds: {
    refundPayment(request: {
      idempotencyKey: string;
      paymentId: string;
      amountMoney: { amount: bigint; currency: string };
    }): Promise<{ refund?: { id?: string } }>;
    get(request: { refundId: string }): Promise<{ refund?: SquareRefund }>;
  };
}

/** The fields of Square's PaymentRefund that square.ts reads. */
export interface SquareRefund {
  id?: string;
  /** PENDING, COMPLETED, REJECTED or FAILED. */
  status?: string;
  paymentId?: string;
  amountMoney?: SquareMoney;
}

export interface SquareSdk {
  SquareClient: new (options: {
    token: string;
    environment: string;
    timeoutInSeconds?: number;
    maxRetries?: number;
  }) => SquareClientInstance;
  SquareEnvironment: { Production: string; Sandbox: string };
  SquareError: abstract new (...args: never[]) => SquareErrorInstance;
  serialization: {
    Payment: {
      parse(
        raw: unknown,
        options: { unrecognizedObjectKeys: 'passthrough'; skipValidation: boolean },
      ): { ok: true; value: SquarePayment } | { ok: false };
    };
  };
  WebhooksHelper: {
    verifySignature(request: {
      requestBody: string;
      signatureHeader: string;
      signatureKey: string;
      notificationUrl: string;
    }): Promise<boolean>;
  };
}

/** A name the type-checker does not follow: it would read the SDK's declarations again. */
const SQUARE_PACKAGE: string = 'square';

/** The SDK (Node caches the module: the second call costs nothing). */
export function loadSquareSdk(): Promise<SquareSdk> {
  return import(SQUARE_PACKAGE) as Promise<SquareSdk>;
}
