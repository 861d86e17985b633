import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CUSTOM_ICON_NAMES, SERVICE_ICON_NAMES, serviceIconName, UI_ICON_NAMES } from './icon-names.ts';
import { buildSprite, type IconNode } from './icon-sprite.ts';

const spritePath = fileURLToPath(new URL('../../../../public/icons/ui.svg', import.meta.url));

const lucideIconsDir = fileURLToPath(new URL('../../../../node_modules/lucide-react/dist/esm/icons/', import.meta.url));

/** lucide's icon data; an alias module (building-2, file-signature, …) re-exports another icon. */
async function lucideNode(name: string): Promise<IconNode> {
  const module = (await import(`lucide-react/icons/${name}`)) as { __iconData?: { node: IconNode } };
  if (module.__iconData) return module.__iconData.node;
  const target = /from '\.\/([a-z0-9-]+)\.mjs'/.exec(readFileSync(`${lucideIconsDir}${name}.mjs`, 'utf8'))?.[1];
  if (!target) throw new Error(`lucide has no icon data for ${name}`);
  return lucideNode(target);
}

async function expectedSprite(): Promise<string> {
  const names = [...new Set([...UI_ICON_NAMES, ...SERVICE_ICON_NAMES])].sort();
  const icons: { id: string; node: IconNode; filled?: boolean }[] = [];
  for (const name of names) icons.push({ id: name, node: await lucideNode(name) });
  // A solid star for ratings: lucide's star outline, filled.
  icons.push({ id: CUSTOM_ICON_NAMES[0], node: await lucideNode('star'), filled: true });
  return buildSprite(icons);
}

describe('icon sprite', () => {
  it('matches the lucide icons it names (UPDATE_ICON_SPRITE=1 rewrites it)', async () => {
    const expected = await expectedSprite();
    if (process.env.UPDATE_ICON_SPRITE === '1') writeFileSync(spritePath, expected);
    expect(readFileSync(spritePath, 'utf8')).toBe(expected);
  });

  it('maps service icon names, falling back to a document', () => {
    expect(serviceIconName('id-card')).toBe('id-card');
    expect(serviceIconName('plane')).toBe('plane');
    expect(serviceIconName('no-such-icon')).toBe('file-text');
  });
});
