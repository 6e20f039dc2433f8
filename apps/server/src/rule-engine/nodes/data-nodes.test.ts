import { describe, expect, it } from 'vitest';
import { DATA_NODES } from './data-nodes.ts';

describe('data node descriptors', () => {
  it('name every ThingsBoard class once, with the UI names of reference §9', () => {
    const byClass = Object.fromEntries(
      DATA_NODES.map((d) => [d.clazz.replace('org.thingsboard.rule.engine.', ''), d.name]),
    );
    expect(byClass).toEqual({
      'filter.TbJsFilterNode': 'script',
      'filter.TbJsSwitchNode': 'switch',
      'filter.TbCheckRelationNode': 'check relation',
      'metadata.TbGetAttributesNode': 'originator attributes',
      'metadata.TbGetOriginatorFieldsNode': 'originator fields',
      'metadata.TbGetTelemetryNode': 'originator telemetry',
      'metadata.TbGetCustomerAttributeNode': 'customer attributes',
      'metadata.TbGetTenantAttributeNode': 'tenant attributes',
      'metadata.TbGetRelatedAttributeNode': 'related attributes',
      'transform.TbTransformMsgNode': 'script',
      'transform.TbChangeOriginatorNode': 'change originator',
      'mail.TbMsgToEmailNode': 'to email',
      'rpc.TbSendRPCRequestNode': 'rpc call request',
      'rpc.TbSendRPCReplyNode': 'rpc call reply',
      'debug.TbMsgGeneratorNode': 'generator',
      'delay.TbMsgDelayNode': 'delay',
    });
  });

  it('let the settings form edit every default option', () => {
    for (const d of DATA_NODES) {
      const fields = d.configurationFields.map((f) => f.key.split('.')[0]);
      for (const key of Object.keys(d.defaultConfiguration)) expect(fields, `${d.clazz} ${key}`).toContain(key);
      for (const f of d.configurationFields.filter((x) => x.kind === 'script')) expect(f.scriptReturns).toBeTruthy();
    }
  });

  it('have outputs: True/False filters, a custom switch, Success/Failure otherwise', () => {
    for (const d of DATA_NODES) {
      if (d.customRelations) expect(d.relationTypes).toEqual([]);
      else
        expect([
          ['True', 'False'],
          ['Success', 'Failure'],
        ]).toContainEqual([...d.relationTypes]);
    }
  });
});
