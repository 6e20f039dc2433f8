// telemetry.TbMsgTimeseriesNode ('save timeseries'): stores POST_TELEMETRY_REQUEST data; resolves after commit.
import { parseTelemetryPayload, type TelemetryRecord } from '@sapo/common';
import { storageFailure } from '../engine-events.ts';
import { msgJson, msgKv } from '../msg.ts';
import type { NodeOutput, RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import { TB } from './node-config.ts';

/** Metadata `ts` (epoch ms) is the time of values that carry none; else the message time. */
export function msgTimestamp(msg: TbMsg): number {
  const raw = msg.metaData.ts;
  if (raw !== undefined && raw !== '') {
    const n = Number(raw);
    if (Number.isSafeInteger(n) && n >= 0) return n;
  }
  return msg.ts;
}

export const saveTimeseriesNode: RuleNodeDefinition = {
  clazz: `${TB}telemetry.TbMsgTimeseriesNode`,
  type: 'ACTION',
  name: 'save timeseries',
  description: 'Saves timeseries data',
  details:
    'Saves timeseries telemetry data based on configurable TTL parameter. Expects messages with <b>POST_TELEMETRY_REQUEST</b> message type.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: { defaultTTL: 0 },
  configurationFields: [
    {
      key: 'defaultTTL',
      label: 'Default TTL in seconds',
      kind: 'number',
      min: 0,
      helpText: '0 keeps data as long as the tenant profile allows.',
    },
  ],
  create({ tenantId, services }) {
    return {
      async onMsg(msg: TbMsg): Promise<NodeOutput> {
        if (msg.type !== 'POST_TELEMETRY_REQUEST') throw new Error(`Unsupported msg type: ${msg.type}`);
        const ts = msgTimestamp(msg);
        // The transport's typed values when the data is unchanged: no second parse, types kept exactly.
        const kv = msgKv(msg);
        const records: TelemetryRecord[] = kv
          ? [{ ts, values: kv as TelemetryRecord['values'] }]
          : parseTelemetryPayload(msgJson(msg), ts);
        try {
          await services.telemetry.saveTimeseries(
            { tenantId, entityType: msg.originator.entityType, id: msg.originator.id },
            records,
          );
        } catch (err) {
          throw storageFailure(err);
        }
        return { relation: 'Success', msg };
      },
    };
  },
};
