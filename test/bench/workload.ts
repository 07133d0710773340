import { parseOpencode, type OpencodeRequest, type OpencodeRuleSet } from '../../shared/dialects/opencode';

/** A small deterministic generator (mulberry32): the same seed gives the same workload everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Workload {
  text: string;
  ruleSet: OpencodeRuleSet;
  requests: OpencodeRequest[];
}

const EXTS = ['ts', 'md', 'json', 'env', 'yml', 'lock', 'sh', 'py'];

/** One rule in the shapes real configs use: directory grants, extension denies, commands, exact paths. */
function ruleAt(k: number, rnd: () => number): { action: string; resource: string; effect: string } {
  const effect = ['allow', 'ask', 'deny'][Math.floor(rnd() * 3)];
  const shape = Math.floor(rnd() * 10);
  switch (shape) {
    case 0: return { action: 'edit', resource: `src/mod${k}/*`, effect };
    case 1: return { action: 'edit', resource: `src/mod${k}/*.${EXTS[k % EXTS.length]}`, effect };
    case 2: return { action: 'read', resource: `docs/sec${k}/*.md`, effect };
    case 3: return { action: 'edit', resource: `*.gen${k}`, effect };
    case 4: return { action: 'read', resource: `secrets/${k}/*`, effect };
    case 5: return { action: 'bash', resource: `git sub${k} *`, effect };
    case 6: return { action: 'bash', resource: `npm run task${k} *`, effect };
    case 7: return { action: 'bash', resource: `make target${k}`, effect };
    case 8: return { action: 'edit', resource: `*cache${k}*`, effect };
    default: return { action: rnd() < 0.5 ? 'mcp_*' : 'webfetch', resource: `https://host${k}.example/*`, effect };
  }
}

/** A resource for a request: half aimed at some rule's family, half at nothing but the catch-all. */
function requestAt(n: number, rnd: () => number): OpencodeRequest {
  const k = Math.floor(rnd() * n);
  const pick = Math.floor(rnd() * 6);
  const count = 1 + Math.floor(rnd() * 3);
  const resources: string[] = [];
  let action = 'edit';
  for (let i = 0; i < count; i++) {
    const j = Math.floor(rnd() * n);
    switch (pick) {
      case 0: action = 'edit'; resources.push(`src/mod${j}/file${i}.${EXTS[j % EXTS.length]}`); break;
      case 1: action = 'read'; resources.push(rnd() < 0.5 ? `docs/sec${j}/page.md` : `secrets/${j}/key.pem`); break;
      case 2: action = 'bash'; resources.push(rnd() < 0.5 ? `git sub${j} --all` : `npm run task${j} -- --watch`); break;
      case 3: action = 'edit'; resources.push(`build/out${j}/x.cache${k}.bin`); break;
      case 4: action = 'mcp_fetch'; resources.push(`https://host${j}.example/path/${i}`); break;
      default: action = 'edit'; resources.push(`vendor/lib${j}/deep/path/to/file${i}.c`); break;
    }
  }
  return { action, resources };
}

/**
 * `rules` OpenCode V2 rules (a leading `* * ask` catch-all, as configs usually start) and `requests`
 * requests with 1–3 resources each (about 2 on average).
 * @example generateWorkload(1000, 10000).requests.length // 10000
 */
export function generateWorkload(rules: number, requests: number, seed = 42): Workload {
  const rnd = prng(seed + rules);
  const list = [{ action: '*', resource: '*', effect: 'ask' }];
  for (let k = 1; k < rules; k++) list.push(ruleAt(k, rnd));
  const text = JSON.stringify({ $schema: 'https://opencode.ai/config.json', permissions: list }, null, 1);
  const ruleSet = parseOpencode({ path: 'opencode.json', text }, { home: '/home/u', builtins: false });
  const rq = prng(seed * 7 + rules);
  return { text, ruleSet, requests: Array.from({ length: requests }, () => requestAt(rules, rq)) };
}

/** Wall-clock milliseconds of `f`, and its result. */
export function timed<T>(f: () => T): { ms: number; value: T } {
  const t0 = process.hrtime.bigint();
  const value = f();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, value };
}
