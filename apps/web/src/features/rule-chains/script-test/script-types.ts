/** ThingsBoard's script types of the test call, and the function header the dialog shows. */
export type ScriptType = 'filter' | 'switch' | 'update' | 'generate' | 'string' | 'json';

const FUNCTION_NAMES: Record<ScriptType, string> = {
  filter: 'Filter',
  switch: 'Switch',
  update: 'Transform',
  generate: 'Generate',
  string: 'ToString',
  json: 'Details',
};

export const functionName = (type: ScriptType) => FUNCTION_NAMES[type];

/** The script type of a 'script' config field, from what it must return (RuleNodeConfigField.scriptReturns). */
export function scriptTypeOf(returns: string | undefined, key: string): ScriptType {
  const r = (returns ?? '').toLowerCase();
  if (r === 'boolean') return 'filter';
  if (r === 'string') return 'string';
  if (r.includes('[]') || r.includes('relation')) return 'switch';
  if (r.includes('msgtype') || r.includes('msg,') || r.includes('{msg'))
    return key.toLowerCase().includes('generat') ? 'generate' : 'update';
  if (r.includes('object') || r.includes('json') || key.toLowerCase().includes('details')) return 'json';
  return 'update';
}

/** Argument names per script type (generators get the previous message). */
export const argNamesOf = (type: ScriptType) =>
  type === 'generate' ? ['prevMsg', 'prevMetadata', 'prevMsgType'] : ['msg', 'metadata', 'msgType'];
