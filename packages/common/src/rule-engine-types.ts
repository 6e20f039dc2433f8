// Rule-engine shapes shared by server and web (spec 1-client §3.8, reference §9).

export const COMPONENT_TYPES = ['FILTER', 'ENRICHMENT', 'TRANSFORMATION', 'ACTION', 'EXTERNAL'] as const;

export const MESSAGE_TYPES = [
  'POST_ATTRIBUTES_REQUEST',
  'POST_TELEMETRY_REQUEST',
  'TO_SERVER_RPC_REQUEST',
  'RPC_CALL_FROM_SERVER_TO_DEVICE',
  'ACTIVITY_EVENT',
  'INACTIVITY_EVENT',
  'CONNECT_EVENT',
  'DISCONNECT_EVENT',
  'ENTITY_CREATED',
  'ENTITY_UPDATED',
  'ENTITY_DELETED',
  'ENTITY_ASSIGNED',
  'ENTITY_UNASSIGNED',
  'ATTRIBUTES_UPDATED',
  'ATTRIBUTES_DELETED',
  'TIMESERIES_UPDATED',
  'TIMESERIES_DELETED',
  'ALARM_ACK',
  'ALARM_CLEAR',
  'ENTITY_ASSIGNED_FROM_TENANT',
  'ENTITY_ASSIGNED_TO_TENANT',
  'ALARM',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/**
 * One field of a rule node's settings form, described by the server in the component descriptor
 * (`configurationDescriptor.nodeDefinition.configurationFields`) so the web renders every node's form
 * without per-node code. `key` is a dotted path into the node configuration.
 */
export interface RuleNodeConfigField {
  key: string;
  label: string;
  kind:
    | 'text'
    | 'number'
    | 'boolean'
    /** JavaScript function body with a "Test" button (msg, metadata, msgType). */
    | 'script'
    | 'select'
    /** list of strings (chip input) */
    | 'stringList'
    /** free JSON object/array */
    | 'json'
    /** string→string map */
    | 'keyValue'
    | 'multiselect';
  required?: boolean;
  /** For select / multiselect. */
  options?: readonly { value: string; label: string }[];
  helpText?: string;
  min?: number;
  max?: number;
  /** For 'script': what the script must return, shown above the editor (e.g. 'boolean'). */
  scriptReturns?: string;
}
