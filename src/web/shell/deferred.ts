/**
 * Modules that load on demand (the auth dialog, the signed-in header, the session runtime, the
 * toaster, the catalog's interactive parts), for the shell and the route modules. They are
 * reached through this one small chunk on purpose: a dynamic import carries the list of every
 * chunk its target needs, and kept here those lists stay out of every page's first-load
 * JavaScript (DESIGN.md §4 budget). The cost is one extra request, made only when one of them is
 * first needed.
 */
export const loadAuthDialog = () => import('../features/auth/auth-dialog.tsx');
export const loadSessionRuntime = () => import('../features/auth/session-runtime.tsx');
export const loadHeaderAccount = () => import('./header-account.tsx');
export const loadToasterView = () => import('../lib/toaster-view.tsx');
// The catalog's menu, modal, package buttons and client-rendered service page (issue 4).
export const loadCatalogActions = () => import('../features/catalog/catalog-actions.ts');
export const loadServiceModal = () => import('../features/catalog/service-modal.tsx');
export const loadServicePageBody = () => import('../features/catalog/service-page-body.tsx');
// The service page's "Where do you live?" look-up and its answer (issue 32 §1).
export const loadMissionLookup = () => import('../features/catalog/mission-lookup.tsx');
