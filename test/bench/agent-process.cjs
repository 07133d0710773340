#!/usr/bin/env node
'use strict';
// The agent-style baseline as a whole process: what an agent does to decide stored requests —
// JSON.parse the config and the requests, then for each resource a scan from the last rule down
// with a fresh RegExp per match (see agent-baseline.ts, the same algorithm), one line per request.
//   node agent-process.cjs RULES.json REQUESTS.json [LIMIT]
// LIMIT evaluates only the first LIMIT requests (all are still read), so a slow baseline can be
// sampled and its per-request cost extrapolated.
const fs = require('fs');

function agentMatch(str, pattern) {
  const s = str.replaceAll('\\', '/');
  let escaped = pattern.replaceAll('\\', '/').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  if (escaped.endsWith(' .*')) escaped = escaped.slice(0, -3) + '( .*)?';
  return new RegExp('^' + escaped + '$', 's').test(s);
}

function agentEvaluate(rules, req) {
  let ask = -2;
  let allow = -2;
  for (const resource of req.resources) {
    let hit = -1;
    for (let i = rules.length - 1; i >= 0; i--) {
      if (agentMatch(req.action, rules[i].action) && agentMatch(resource, rules[i].resource)) {
        hit = i;
        break;
      }
    }
    const d = hit >= 0 ? rules[hit].effect : 'ask';
    if (d === 'deny') return { decision: 'deny', rule: hit };
    if (d === 'ask' && ask === -2) ask = hit;
    if (d === 'allow' && allow === -2) allow = hit;
  }
  if (req.resources.length === 0) return { decision: 'allow', rule: -1 };
  return ask !== -2 ? { decision: 'ask', rule: ask } : { decision: 'allow', rule: allow };
}

const [rulesPath, requestsPath, limitArg] = process.argv.slice(2);
const rules = JSON.parse(fs.readFileSync(rulesPath, 'utf8')).permissions;
const requests = JSON.parse(fs.readFileSync(requestsPath, 'utf8')).requests;
const limit = limitArg === undefined ? requests.length : Math.min(requests.length, Number(limitArg));
const out = [];
for (let i = 0; i < limit; i++) {
  const v = agentEvaluate(rules, requests[i]);
  out.push(`${requests[i].name}: ${v.decision} ${v.rule >= 0 ? `rule ${v.rule + 1}` : 'default'}`);
}
process.stdout.write(out.join('\n') + '\n');
