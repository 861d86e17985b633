import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { setupE2E } from './support/browser.ts';

const e2e = setupE2E();

/**
 * The journeys' accessibility check (support/axe.ts) on a page with known faults: it must report
 * each serious or critical rule with every element at fault, and nothing for minor findings.
 */
const FAULTY_PAGE = `<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
  <h1>Faults</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" class="no-alt-1">
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" class="no-alt-2">
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" class="no-alt-3">
  <p style="color:#bbbbbb;background:#ffffff">Pale text on white</p>
  <button class="nameless"></button>
  <h3>A skipped heading level (a moderate finding)</h3>
</main></body></html>`;

describe('seriousViolations', () => {
  it('reports every serious or critical rule broken, with each element at fault', async () => {
    const { page } = await e2e.desktop();
    await page.setContent(FAULTY_PAGE);
    const found = await seriousViolations(page);
    const rules = found.map((entry) => entry.split(':')[0]);
    expect(rules).toEqual(
      expect.arrayContaining(['critical image-alt', 'serious color-contrast', 'critical button-name']),
    );
    expect(rules).toHaveLength(3);
    const images = found.find((entry) => entry.startsWith('critical image-alt')) ?? '';
    for (const target of ['.no-alt-1', '.no-alt-2', '.no-alt-3']) expect(images).toContain(target);
  });

  it('reports nothing on a page without faults', async () => {
    const { page } = await e2e.desktop();
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Fine</title></head><body><main><h1>Fine</h1><p>Plain text.</p></main></body></html>',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});
