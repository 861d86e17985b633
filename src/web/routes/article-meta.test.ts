import { UNSAFE_ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import { describeNotFound } from '../../domain/catalog/not-found.ts';
import { ERROR_PAGE_TITLE } from '../shell/error-page.tsx';
import type { Route } from './+types/article';
import { meta } from './article.tsx';

const titleFor = (error: unknown) =>
  (meta({ loaderData: undefined, error } as unknown as Route.MetaArgs) as { title?: string }[])[0]?.title;

describe("an article page's title when it has no article", () => {
  it('names the article as not found for an unknown slug, and the page as failed otherwise', () => {
    const missing = new UNSAFE_ErrorResponseImpl(404, 'Not Found', describeNotFound('/articles/nope', []));
    expect(titleFor(missing)).toBe('Article not found | SevaDocs');
    expect(titleFor(new Error('the content store went away'))).toBe(ERROR_PAGE_TITLE);
  });
});
