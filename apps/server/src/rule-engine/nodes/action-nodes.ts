// Node group: alarms, device profile, copy to view, assign/unassign, send email, REST API call, MQTT.
import type { RuleNodeDefinition } from '../rule-engine-types.ts';

export const ACTION_NODES: readonly RuleNodeDefinition[] = [];
