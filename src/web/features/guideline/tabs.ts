import { GUIDELINE_TABS } from '../../../domain/config/routes.ts';

export const GUIDELINE_TAB_NAMES: string[] = Object.values(GUIDELINE_TABS);

/** The tab named by ?active=, or Terms of Use when the query names none of them (SPEC.md §2). */
export function activeTab(search: string): string {
  const wanted = new URLSearchParams(search).get('active');
  return GUIDELINE_TAB_NAMES.find((tab) => tab === wanted) ?? GUIDELINE_TABS.terms;
}
