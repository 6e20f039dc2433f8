// `npm run bench -- rules`: issue 6 targets on the ingestion harness (ingest.ts, same devices, load and
// checks): (1) the default root chain with one device-profile alarm rule ≥ 8,000 msg/s with PUBACK
// p99 ≤ 100 ms; (2) the root chain with a script filter and a script transform on the telemetry path
// ≥ 5,000 msg/s; (3) the script sandbox's cost per call, measured in-process.
import type { BenchApi } from './ingest-api.ts';
import { runIngestBench } from './ingest.ts';
import { runScriptOverheadBench } from './script-overhead.ts';

interface RuleChain {
  id: { id: string };
  root: boolean;
}
interface Metadata {
  ruleChainId: { id: string };
  firstNodeIndex: number;
  nodes: { type: string; name: string; configuration: unknown; debugMode?: boolean; additionalInfo?: unknown }[];
  connections: { fromIndex: number; toIndex: number; type: string }[];
  ruleChainConnections?: unknown[];
}

/** The alarm every device of the default profile is checked against: `t` above 29.8 (1 % of devices raise it). */
async function addAlarmRule(api: BenchApi): Promise<void> {
  const info = await api.request<{ id: { id: string } }>('GET', '/api/deviceProfileInfo/default');
  const profile = await api.request<Record<string, unknown> & { profileData: Record<string, unknown> }>(
    'GET',
    `/api/deviceProfile/${info.id.id}`,
  );
  const filter = (op: string, value: number) => ({
    key: { type: 'TIME_SERIES', key: 't' },
    valueType: 'NUMERIC',
    predicate: { type: 'NUMERIC', operation: op, value: { defaultValue: value } },
  });
  profile.profileData.alarms = [
    {
      id: 'bench-high-temperature',
      alarmType: 'High Temperature',
      createRules: {
        CRITICAL: {
          condition: { condition: [filter('GREATER', 29.8)], spec: { type: 'SIMPLE' } },
          alarmDetails: 'Current temperature = ${t}',
        },
      },
      clearRule: { condition: { condition: [filter('LESS', 29)], spec: { type: 'SIMPLE' } } },
      propagate: false,
    },
  ];
  await api.request('POST', '/api/deviceProfile', profile);
}

/** Puts a script filter and a script transform between 'Message Type Switch' and 'Save Timeseries'. */
async function addScriptNodes(api: BenchApi): Promise<void> {
  const chains = await api.request<{ data: RuleChain[] }>('GET', '/api/ruleChains?pageSize=100&page=0');
  const root = chains.data.find((c) => c.root);
  if (!root) throw new Error('no root rule chain');
  const meta = await api.request<Metadata>('GET', `/api/ruleChain/${root.id.id}/metadata`);
  const save = meta.nodes.findIndex((n) => n.type.endsWith('TbMsgTimeseriesNode'));
  const post = meta.connections.find((c) => c.toIndex === save && c.type === 'Post telemetry');
  if (save < 0 || !post) throw new Error('the root chain has no Post telemetry → Save Timeseries connection');
  const filterIndex = meta.nodes.length;
  const transformIndex = filterIndex + 1;
  meta.nodes.push(
    {
      type: 'org.thingsboard.rule.engine.filter.TbJsFilterNode',
      name: 'Has temperature',
      configuration: { jsScript: 'return typeof msg.t === "number" && msg.t > -100;' },
    },
    {
      type: 'org.thingsboard.rule.engine.transform.TbTransformMsgNode',
      name: 'Add Fahrenheit',
      configuration: {
        jsScript:
          'msg.tF = Math.round((msg.t * 9 / 5 + 32) * 10) / 10; metadata.unit = "C"; return {msg: msg, metadata: metadata, msgType: msgType};',
      },
    },
  );
  post.toIndex = filterIndex;
  meta.connections.push(
    { fromIndex: filterIndex, toIndex: transformIndex, type: 'True' },
    { fromIndex: transformIndex, toIndex: save, type: 'Success' },
  );
  await api.request('POST', '/api/ruleChain/metadata', meta);
}

export async function runRulesBench(): Promise<boolean> {
  // BENCH_RULES_ONLY=overhead|alarm|script runs one part while investigating.
  const only = process.env.BENCH_RULES_ONLY;
  const overheadOk = !only || only === 'overhead' ? await runScriptOverheadBench() : true;
  const alarmOk =
    only && only !== 'alarm'
      ? true
      : await runIngestBench({
          section: 'Rule engine, one alarm rule',
          heading: 'Rule engine, one alarm rule (issue 6): default root chain, device-profile alarm rule, MQTT QoS 1',
          setupText:
            'the default root chain (device profile → message type switch → save time series / attributes) and one alarm rule on the default device profile: CRITICAL "High Temperature" when `t` > 29.8, cleared when `t` < 29 — evaluated for every message; 1 % of the devices send t = 29.9 and keep their alarm active (each of their messages updates it).',
          rate: 8_000,
          setup: addAlarmRule,
        });
  const scriptOk =
    only && only !== 'script'
      ? true
      : await runIngestBench({
          section: 'Rule engine, script nodes',
          heading: 'Rule engine, script nodes (issue 6): script filter + script transform on every message, MQTT QoS 1',
          setupText:
            'the root chain with a script filter (`return typeof msg.t === "number" && msg.t > -100;`) and a script transform (adds `tF`, sets metadata) between "Message Type Switch" (Post telemetry) and "Save Timeseries": two sandboxed script calls per message.',
          rate: 5_000,
          setup: addScriptNodes,
        });
  return overheadOk && alarmOk && scriptOk;
}
