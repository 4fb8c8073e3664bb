/**
 * The Biome rule that keeps features apart (biome.json, noRestrictedImports) names every
 * feature: a new feature folder missing from it would be open to the others' internals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(__dirname, '../../../..');

it('names every feature folder in the cross-feature import rule, with its api/ allowed', () => {
  const features = readdirSync(__dirname, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const biome = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as {
    overrides: { includes: string[]; linter?: { rules?: { style?: { noRestrictedImports?: unknown } } } }[];
  };
  const rule = biome.overrides.find((o) => o.includes.includes('apps/web/src/features/**'))?.linter?.rules?.style
    ?.noRestrictedImports as { options: { patterns: { group: string[] }[] } } | undefined;
  const group = rule?.options.patterns[0]?.group ?? [];
  expect(group.filter((g) => !g.startsWith('!')).sort()).toEqual(features.map((f) => `**/${f}/**`));
  // The shared front-end package holds chat's client core (socket, realtime, cache): no feature's
  // internals, so its paths (…/client/chat/…) stay open to every feature.
  const shared = '!@fieldhouse/client/**';
  expect(group).toContain(shared);
  expect(group.filter((g) => g.startsWith('!') && g !== shared).sort()).toEqual(features.map((f) => `!**/${f}/api/**`));
});
