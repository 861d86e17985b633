import { describe, expect, it } from 'vitest';
import { SERVICE_MODAL_MESSAGES, serviceModalTitle, validateServiceChoices } from './service-modal.ts';

describe('service modal rules (SPEC.md §5)', () => {
  it("titles the modal '{service name} Service'", () => {
    expect(serviceModalTitle('Indian Visa')).toBe('Indian Visa Service');
  });

  it("requires every parameter with '{Parameter name split into words} is required'", () => {
    expect(validateServiceChoices(['applyingFrom', 'citizenship', 'destination'], {})).toEqual({
      applyingFrom: 'Applying From is required',
      citizenship: 'Citizenship is required',
      destination: 'Destination is required',
    });
    expect(validateServiceChoices(['citizenship', 'destination'], { citizenship: 'US', destination: ' ' })).toEqual({
      destination: 'Destination is required',
    });
    expect(validateServiceChoices([], {})).toEqual({});
  });

  it("rejects the same Applying From and Destination with 'Applying From and Destination cannot be the same'", () => {
    expect(SERVICE_MODAL_MESSAGES.sameCountry).toBe('Applying From and Destination cannot be the same');
    expect(validateServiceChoices(['applyingFrom', 'destination'], { applyingFrom: 'IN', destination: 'in' })).toEqual({
      destination: 'Applying From and Destination cannot be the same',
    });
    expect(validateServiceChoices(['applyingFrom', 'destination'], { applyingFrom: 'US', destination: 'IN' })).toEqual(
      {},
    );
  });
});
