import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { LINT_LEVELS } from '../../../shared/config/lint-config';

const ROOT = path.resolve(__dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const lints = pkg.contributes.configuration.properties['rulelens.lints'];
/** Findings that say a file or request cannot be used, or a diff result: not configurable per lint. */
const FIXED = ['schema', 'request-invalid', 'decision-flip'];
/** Pages of docs/lints that are about all lints, not one. */
const NOT_A_LINT = ['precision'];

/** The severity each lint is created with in the engine's sources (the most common one when several). */
function emittedSeverities(): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
  for (const f of [...walk(path.join(ROOT, 'shared')), ...walk(path.join(ROOT, 'server'))]) {
    for (const m of fs.readFileSync(f, 'utf8').matchAll(/finding\('([a-z-]+)', '([a-z]+)'/g)) {
      const per = counts.get(m[1]) ?? new Map<string, number>();
      per.set(m[2], (per.get(m[2]) ?? 0) + 1);
      counts.set(m[1], per);
    }
  }
  return new Map([...counts].map(([id, per]) => [id, [...per].sort((a, b) => b[1] - a[1])[0][0]]));
}

describe('package.json: the rulelens.lints setting', () => {
  it('every lint is an enum of levels whose default is a level, not a description', () => {
    for (const [id, schema] of Object.entries(lints.properties as Record<string, { enum: string[]; default: string; markdownDescription: string }>)) {
      assert.deepEqual(schema.enum, [...LINT_LEVELS], id);
      assert.ok((LINT_LEVELS as readonly string[]).includes(schema.default), `${id}: default "${schema.default}" is a level`);
      assert.ok(schema.markdownDescription.length > 10, `${id} has a description`);
    }
    assert.deepEqual(lints.additionalProperties.enum, [...LINT_LEVELS]);
  });

  it('every configurable lint with a page in docs/lints is listed', () => {
    const pages = fs.readdirSync(path.join(ROOT, 'docs/lints')).map((f) => f.replace(/\.md$/, '')).filter((id) => !FIXED.includes(id) && !NOT_A_LINT.includes(id));
    assert.deepEqual(Object.keys(lints.properties).sort(), pages.sort());
  });

  it('each default is the severity the engine gives the lint', () => {
    const emitted = emittedSeverities();
    for (const [id, schema] of Object.entries(lints.properties as Record<string, { default: string }>)) {
      if (emitted.has(id)) assert.equal(schema.default, emitted.get(id), id);
    }
    assert.equal(lints.properties['shadowed-deny'].default, 'warning');
    assert.equal(lints.properties['dead-rule'].default, 'information');
  });
});
