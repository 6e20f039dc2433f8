// metadata.TbGetTelemetryNode "originator telemetry": time-series points of an interval into metadata.
import type { Aggregation } from '@sapo/common';
import { AGGREGATIONS } from '@sapo/common';
import { planTsQuery } from '../../modules/telemetry/ts-query-plan.ts';
import type { RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import {
  cfgBool,
  cfgNumber,
  cfgString,
  cfgStringList,
  kvToString,
  processPattern,
  TIME_UNITS,
  unitToMs,
} from './data-node-helpers.ts';

const unitOptions = TIME_UNITS.map((u) => ({ value: u, label: u.charAt(0) + u.slice(1).toLowerCase() }));
const MAX_LIMIT = 1000;

export const getTelemetryNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetTelemetryNode',
  type: 'ENRICHMENT',
  name: 'originator telemetry',
  description: 'Add Message Originator Telemetry for selected time range into Message Metadata',
  details:
    'The node allows you to select fetch mode <b>FIRST/LAST/ALL</b> to fetch telemetry of certain time range that are ' +
    'added into Message metadata without any prefix. If selected fetch mode <b>ALL</b> Telemetry will be added like ' +
    'array into Message Metadata where <b>key</b> is Timestamp and <b>value</b> is value of Telemetry. If selected fetch ' +
    'mode <b>FIRST</b> or <b>LAST</b> Telemetry will be added like string without Timestamp',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: {
    latestTsKeyNames: [],
    aggregation: 'NONE',
    fetchMode: 'FIRST',
    orderBy: 'ASC',
    limit: 1000,
    useMetadataIntervalPatterns: false,
    startInterval: 2,
    startIntervalTimeUnit: 'MINUTES',
    endInterval: 1,
    endIntervalTimeUnit: 'MINUTES',
    startIntervalPattern: '',
    endIntervalPattern: '',
  },
  configurationFields: [
    { key: 'latestTsKeyNames', label: 'Timeseries key names', kind: 'stringList', required: true },
    {
      key: 'fetchMode',
      label: 'Fetch mode',
      kind: 'select',
      options: ['FIRST', 'LAST', 'ALL'].map((v) => ({ value: v, label: v })),
    },
    {
      key: 'aggregation',
      label: 'Data aggregation function',
      kind: 'select',
      options: AGGREGATIONS.map((v) => ({ value: v, label: v })),
      helpText: 'Fetch mode ALL only: one value per key over the whole interval.',
    },
    {
      key: 'orderBy',
      label: 'Order by',
      kind: 'select',
      options: ['ASC', 'DESC'].map((v) => ({ value: v, label: v })),
    },
    { key: 'limit', label: 'Limit', kind: 'number', min: 2, max: MAX_LIMIT, helpText: 'Fetch mode ALL only.' },
    { key: 'useMetadataIntervalPatterns', label: 'Use metadata interval patterns', kind: 'boolean' },
    { key: 'startInterval', label: 'Start Interval', kind: 'number', min: 0 },
    { key: 'startIntervalTimeUnit', label: 'Start Interval Time Unit', kind: 'select', options: unitOptions },
    { key: 'endInterval', label: 'End Interval', kind: 'number', min: 0 },
    { key: 'endIntervalTimeUnit', label: 'End Interval Time Unit', kind: 'select', options: unitOptions },
    {
      key: 'startIntervalPattern',
      label: 'Start interval pattern',
      kind: 'text',
      helpText: 'Milliseconds since epoch, e.g. ${startTs}.',
    },
    {
      key: 'endIntervalPattern',
      label: 'End interval pattern',
      kind: 'text',
      helpText: 'Milliseconds since epoch, e.g. ${endTs}.',
    },
  ],
  create(init) {
    const c = init.configuration;
    const keys = cfgStringList(c, 'latestTsKeyNames');
    const fetchMode = ['FIRST', 'LAST', 'ALL'].includes(cfgString(c, 'fetchMode'))
      ? cfgString(c, 'fetchMode')
      : 'FIRST';
    const aggName = cfgString(c, 'aggregation', 'NONE');
    const agg: Aggregation = (AGGREGATIONS as readonly string[]).includes(aggName) ? (aggName as Aggregation) : 'NONE';
    const orderBy = cfgString(c, 'orderBy', 'ASC') === 'DESC' ? 'DESC' : 'ASC';
    const limit = Math.min(Math.max(Math.floor(cfgNumber(c, 'limit', MAX_LIMIT)), 2), MAX_LIMIT);
    const usePatterns = cfgBool(c, 'useMetadataIntervalPatterns');
    const startOffset = cfgNumber(c, 'startInterval', 2) * unitToMs(cfgString(c, 'startIntervalTimeUnit', 'MINUTES'));
    const endOffset = cfgNumber(c, 'endInterval', 1) * unitToMs(cfgString(c, 'endIntervalTimeUnit', 'MINUTES'));
    const startPattern = cfgString(c, 'startIntervalPattern');
    const endPattern = cfgString(c, 'endIntervalPattern');
    const { telemetry, clock } = init.services;

    const interval = (msg: TbMsg): [number, number] => {
      if (!usePatterns) {
        const now = clock.now();
        return [now - startOffset, now - endOffset];
      }
      const parse = (pattern: string, what: string) => {
        const v = processPattern(pattern, msg.metaData);
        const n = Number(v);
        if (v.trim() === '' || !Number.isFinite(n))
          throw new Error(`Can't parse ${what} interval from pattern: ${pattern}`);
        return n;
      };
      return [parse(startPattern, 'start'), parse(endPattern, 'end')];
    };

    return {
      async onMsg(msg) {
        if (!keys.length) throw new Error('Telemetry is not selected!');
        // Whole milliseconds, as the query planner requires (offsets such as 0.5 SECONDS give fractions).
        const [startTs, endTs] = interval(msg).map(Math.floor) as [number, number];
        if (startTs > endTs) throw new Error('Interval start should be less than Interval end');
        const names = [...new Set(keys.map((k) => processPattern(k, msg.metaData)))];
        const all = fetchMode === 'ALL';
        const aggregate = all && agg !== 'NONE';
        const query = planTsQuery({
          keys: names,
          startTs,
          endTs,
          // Aggregation uses the whole interval as one bucket, as ThingsBoard does.
          interval: aggregate ? Math.max(endTs - startTs, 1) : 0,
          limit: all ? limit : 1,
          agg: aggregate ? agg : 'NONE',
          orderBy: fetchMode === 'FIRST' ? 'ASC' : fetchMode === 'LAST' ? 'DESC' : orderBy,
        });
        const result = await telemetry.history(msg.originator.id, query);
        const metaData = { ...msg.metaData };
        for (const [key, points] of Object.entries(result)) {
          if (!points.length) continue;
          metaData[key] = all
            ? JSON.stringify(points.map((p) => ({ ts: p.ts, value: p.value })))
            : kvToString(points[0]!.type, points[0]!.value);
        }
        return { relation: 'Success', msg: { ...msg, metaData } };
      },
    };
  },
};
