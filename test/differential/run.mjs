#!/usr/bin/env node
// Differential tests: RuleLens against the real agents' own evaluators (test/differential/*.diff.ts).
// Each agent is installed on demand, at a pinned version, into a cache folder outside the project's
// dependencies (see oracle-cache.ts). One seed and one budget for every property.
//
//   npm run test:differential                      short budget (default below)
//   npm run test:differential -- --runs 2000       long run: generated cases per property
//   npm run test:differential -- --seed 12345      replay a run
//   npm run test:differential -- --grep claude     only matching suites (a regular expression)
import { runSeededSuite } from '../helpers/seeded-suite.mjs';

runSeededSuite({ name: 'differential', script: 'npm run test:differential', files: 'test/differential/*.diff.ts', env: 'DIFF', defaultRuns: 20, unit: 'generated cases', ok: 'no disagreements' });
