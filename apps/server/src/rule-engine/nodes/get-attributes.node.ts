// metadata.TbGetAttributesNode "originator attributes": attributes (prefixed by scope) and latest
// telemetry of the originator into the message metadata.
import type { RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import type { AttributeScope } from '../../modules/telemetry/telemetry-types.ts';
import { cfgBool, cfgStringList, kvToString, processPattern } from './data-node-helpers.ts';

const SCOPES: readonly { key: string; scope: AttributeScope; prefix: string }[] = [
  { key: 'clientAttributeNames', scope: 'CLIENT_SCOPE', prefix: 'cs_' },
  { key: 'sharedAttributeNames', scope: 'SHARED_SCOPE', prefix: 'shared_' },
  { key: 'serverAttributeNames', scope: 'SERVER_SCOPE', prefix: 'ss_' },
];

export const getAttributesNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetAttributesNode',
  type: 'ENRICHMENT',
  name: 'originator attributes',
  description: 'Add Message Originator Attributes or Latest Telemetry into Message Metadata',
  details:
    'If Attributes enrichment configured, <b>CLIENT/SHARED/SERVER</b> attributes are added into Message metadata with ' +
    'specific prefix: <i>cs/shared/ss</i>. Latest telemetry value added into metadata without prefix. To access those ' +
    'attributes in other nodes this template can be used <code>metadata.cs_temperature</code> or ' +
    '<code>metadata.shared_limit</code>',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: {
    clientAttributeNames: [],
    sharedAttributeNames: [],
    serverAttributeNames: [],
    latestTsKeyNames: [],
    tellFailureIfAbsent: true,
    getLatestValueWithTs: false,
  },
  configurationFields: [
    {
      key: 'clientAttributeNames',
      label: 'Client attributes',
      kind: 'stringList',
      helpText: '${metadataKey} templates allowed.',
    },
    { key: 'sharedAttributeNames', label: 'Shared attributes', kind: 'stringList' },
    { key: 'serverAttributeNames', label: 'Server attributes', kind: 'stringList' },
    { key: 'latestTsKeyNames', label: 'Latest timeseries', kind: 'stringList' },
    { key: 'tellFailureIfAbsent', label: 'Tell Failure if any of the attributes are missing', kind: 'boolean' },
    {
      key: 'getLatestValueWithTs',
      label: 'Fetch Latest telemetry with Timestamp',
      kind: 'boolean',
      helpText: 'Latest telemetry is added as {"ts":…, "value":…}.',
    },
  ],
  create(init) {
    const c = init.configuration;
    const scopes = SCOPES.map((s) => ({ ...s, names: cfgStringList(c, s.key) }));
    const latestNames = cfgStringList(c, 'latestTsKeyNames');
    const tellFailure = cfgBool(c, 'tellFailureIfAbsent', true);
    const withTs = cfgBool(c, 'getLatestValueWithTs', false);
    const { attributeStore, telemetry } = init.services;
    const keysOf = (names: string[], msg: TbMsg) => [...new Set(names.map((n) => processPattern(n, msg.metaData)))];
    return {
      async onMsg(msg) {
        const metaData = { ...msg.metaData };
        const missing: string[] = [];
        for (const s of scopes) {
          if (!s.names.length) continue;
          const keys = keysOf(s.names, msg);
          const found = await attributeStore.find(msg.originator.id, s.scope, keys);
          for (const e of found) metaData[s.prefix + e.key] = kvToString(e.type, e.value);
          const have = new Set(found.map((e) => e.key));
          const absent = keys.filter((k) => !have.has(k));
          if (absent.length) missing.push(`\t[${s.scope}]:[${absent.join(', ')}]`);
        }
        if (latestNames.length) {
          const keys = keysOf(latestNames, msg);
          const found = await telemetry.latest(msg.originator.id, keys);
          for (const e of found) {
            metaData[e.key] = withTs ? JSON.stringify({ ts: e.ts, value: e.value }) : kvToString(e.type, e.value);
          }
          const have = new Set(found.map((e) => e.key));
          const absent = keys.filter((k) => !have.has(k));
          if (absent.length) missing.push(`\t[LATEST_TS]:[${absent.join(', ')}]`);
        }
        if (tellFailure && missing.length) {
          throw new Error(`The following attribute/telemetry keys is not present in the DB: \n${missing.join('\n')}`);
        }
        return { relation: 'Success', msg: { ...msg, metaData } };
      },
    };
  },
};
