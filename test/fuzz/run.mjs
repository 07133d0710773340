#!/usr/bin/env node
// Runs the fuzz properties (test/fuzz/*.fuzz.ts) under mocha with one seed for all of them.
//
//   npm run fuzz                          short budget (default below)
//   npm run fuzz -- --runs 100000         long run: iterations per property
//   npm run fuzz -- --seed 12345          replay a run
//   npm run fuzz -- --grep opencode       only matching properties
import { runSeededSuite } from '../helpers/seeded-suite.mjs';

runSeededSuite({ name: 'fuzz', script: 'npm run fuzz', files: 'test/fuzz/*.fuzz.ts', env: 'FUZZ', defaultRuns: 200, unit: 'iterations', ok: 'no failures' });
