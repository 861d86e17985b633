import { REFUND_REFERENCE, referencePattern } from '../../../domain/api/reference.ts';
import { newReference } from '../../lib/reference.ts';

export const REFUND_REFERENCE_PATTERN = referencePattern(REFUND_REFERENCE);

/** A refund reference such as 'RF-7K3Q9M2X': random (31^8 ≈ 8.5e11 possibilities), never sequential. */
export function newRefundReference(): string {
  return newReference(REFUND_REFERENCE);
}
