/**
 * MQTT topic checks for a device profile (MQTT 3.1.1 §4.7): the telemetry and attributes topics are
 * filters the device publishes against, so '+' and '#' are allowed where MQTT allows them; the downlink
 * topic is a topic the server publishes to, so it takes no wildcard at all.
 */
export type TopicProblem = 'required' | 'single-level' | 'multi-level' | 'wildcard';

export function topicFilterProblem(filter: string): TopicProblem | undefined {
  if (!filter.trim()) return 'required';
  const levels = filter.split('/');
  for (const [index, level] of levels.entries()) {
    if (level.includes('+') && level !== '+') return 'single-level';
    if (level.includes('#') && (level !== '#' || index !== levels.length - 1)) return 'multi-level';
  }
  return undefined;
}

export function publishTopicProblem(topic: string): TopicProblem | undefined {
  if (!topic.trim()) return 'required';
  return /[+#]/.test(topic) ? 'wildcard' : undefined;
}
