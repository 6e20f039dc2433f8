// filter.TbCheckMessageNode ('check existence fields'): True when the listed data / metadata keys exist.
import { msgJson } from '../msg.ts';
import type { NodeOutput, RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import { configBool, configStrings, TB } from './node-config.ts';

function dataKeys(msg: TbMsg): Record<string, unknown> {
  try {
    const json = msgJson(msg);
    return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const checkMessageNode: RuleNodeDefinition = {
  clazz: `${TB}filter.TbCheckMessageNode`,
  type: 'FILTER',
  name: 'check existence fields',
  description: 'Checks the existence of the selected keys from message data and metadata.',
  details:
    'If selected checkbox checkAllKeys is true, the message goes to True only when all the keys exist, otherwise when at least one exists.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['True', 'False'],
  customRelations: false,
  defaultConfiguration: { messageNames: [], metadataNames: [], checkAllKeys: true },
  configurationFields: [
    { key: 'messageNames', label: 'Message field names', kind: 'stringList' },
    { key: 'metadataNames', label: 'Metadata field names', kind: 'stringList' },
    { key: 'checkAllKeys', label: 'Check that all selected keys are present', kind: 'boolean' },
  ],
  create({ configuration }) {
    const messageNames = configStrings(configuration, 'messageNames');
    const metadataNames = configStrings(configuration, 'metadataNames');
    const all = configBool(configuration, 'checkAllKeys', true);
    if (!messageNames.length && !metadataNames.length) {
      throw new Error('Message or Message Metadata key names should be specified!');
    }
    return {
      onMsg(msg: TbMsg): NodeOutput {
        const data = messageNames.length ? dataKeys(msg) : {};
        const has = (k: string) => Object.hasOwn(data, k);
        const hasMeta = (k: string) => Object.hasOwn(msg.metaData, k);
        const ok = all
          ? messageNames.every(has) && metadataNames.every(hasMeta)
          : messageNames.some(has) || metadataNames.some(hasMeta);
        return { relation: ok ? 'True' : 'False', msg };
      },
    };
  },
};
