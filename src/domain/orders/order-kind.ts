/**
 * The kinds of order the order core serves (issue 28): a service application (DOC-…) and a photo
 * order (PHO-…). Each is defined once in its module and registered with the orders service.
 */
export const ORDER_KINDS = ['service', 'photo'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
