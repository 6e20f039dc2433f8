// rest.TbRestApiCallNode: sends the message data to a REST endpoint; the response body becomes the
// message data and the status goes into metadata (reference §9). Private addresses are refused unless
// the operator allows them (RULE_REST_ALLOW_PRIVATE).
import { STATUS_CODES } from 'node:http';
import type { RuleNodeDefinition, TbMsg } from '../rule-engine-types.ts';
import { guardedFetch } from '../net/guarded-fetch.ts';
import { processPattern } from './action-msg-pattern.ts';
import { CREDENTIALS_FIELDS } from './credentials-fields.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const WITHOUT_BODY = new Set(['GET', 'DELETE']);
/** readTimeoutMs 0 means "default": still bounded so a silent endpoint cannot pile up messages. */
const DEFAULT_TIMEOUT_MS = 60_000;

function stringMap(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, String(x ?? '')]));
}

/** ThingsBoard reports Spring's HttpStatus: `status` is the enum name (NOT_FOUND), `statusReason` the standard phrase. */
function statusOf(code: number): { status: string; statusReason: string } {
  const reason = STATUS_CODES[code] ?? String(code);
  return { status: reason.toUpperCase().replace(/[^A-Z0-9]+/g, '_'), statusReason: reason };
}

function withResponse(msg: TbMsg, res: Response, body: string, extra: Record<string, string> = {}): TbMsg {
  const metaData = { ...msg.metaData };
  res.headers.forEach((value, key) => (metaData[key] = value));
  Object.assign(metaData, statusOf(res.status), { statusCode: String(res.status) }, extra);
  return { ...msg, metaData, data: body };
}

export const restApiCallNode: RuleNodeDefinition = {
  clazz: 'org.thingsboard.rule.engine.rest.TbRestApiCallNode',
  type: 'EXTERNAL',
  name: 'rest api call',
  description: 'Invoke REST API calls to external REST server',
  details:
    'Will invoke REST API call <code>GET | POST | PUT | PATCH | DELETE</code> to external REST server. Message payload added into ' +
    'Request body. Configured attributes can be added into Headers from Message Metadata. Outbound message will contain response ' +
    'fields (<code>status</code>, <code>statusCode</code>, <code>statusReason</code> and response <code>headers</code>) in the Message ' +
    'Metadata. Response body saved in outbound Message payload. For example <b>statusCode</b> field can be accessed with ' +
    '<code>metadata.statusCode</code>.',
  inEnabled: true,
  outEnabled: true,
  relationTypes: ['Success', 'Failure'],
  customRelations: false,
  defaultConfiguration: {
    restEndpointUrlPattern: 'http://localhost/api',
    requestMethod: 'POST',
    headers: {},
    useSimpleClientHttpFactory: false,
    readTimeoutMs: 0,
    maxParallelRequestsCount: 0,
    useRedisQueueForMsgPersistence: false,
    trimQueue: false,
    enableProxy: false,
    credentials: { type: 'anonymous' },
  },
  configurationFields: [
    {
      key: 'restEndpointUrlPattern',
      label: 'Endpoint URL pattern',
      kind: 'text',
      required: true,
      helpText: 'Use ${metadataKey} for metadata values, $[dataKey] for message data.',
    },
    {
      key: 'requestMethod',
      label: 'Request method',
      kind: 'select',
      required: true,
      options: METHODS.map((m) => ({ value: m, label: m })),
    },
    { key: 'headers', label: 'Headers', kind: 'keyValue', helpText: 'Header values may use ${metadataKey}.' },
    {
      key: 'readTimeoutMs',
      label: 'Read timeout in millis',
      kind: 'number',
      min: 0,
      helpText: '0: the default (60 seconds).',
    },
    {
      key: 'maxParallelRequestsCount',
      label: 'Max number of parallel requests',
      kind: 'number',
      min: 0,
      helpText: '0: unlimited.',
    },
    { key: 'useSimpleClientHttpFactory', label: 'Use simple client HTTP factory', kind: 'boolean' },
    { key: 'enableProxy', label: 'Enable proxy', kind: 'boolean', helpText: 'Not supported: requests go directly.' },
    { key: 'useRedisQueueForMsgPersistence', label: 'Use redis queue for message persistence', kind: 'boolean' },
    { key: 'trimQueue', label: 'Trim redis queue', kind: 'boolean' },
    ...CREDENTIALS_FIELDS,
  ],
  create(init) {
    const c = init.configuration;
    const urlPattern = typeof c.restEndpointUrlPattern === 'string' ? c.restEndpointUrlPattern.trim() : '';
    if (!urlPattern) throw new Error('Endpoint URL pattern is required');
    const method = String(c.requestMethod ?? 'POST').toUpperCase();
    if (!(METHODS as readonly string[]).includes(method)) throw new Error(`Unsupported request method '${method}'`);
    const headers = stringMap(c.headers);
    const timeoutMs = Number(c.readTimeoutMs) > 0 ? Number(c.readTimeoutMs) : DEFAULT_TIMEOUT_MS;
    const creds = (c.credentials ?? {}) as { type?: string; username?: string; password?: string };
    const auth =
      creds.type === 'basic'
        ? `Basic ${Buffer.from(`${creds.username ?? ''}:${creds.password ?? ''}`).toString('base64')}`
        : null;
    const maxParallel = Number(c.maxParallelRequestsCount) > 0 ? Number(c.maxParallelRequestsCount) : Infinity;
    let running = 0;
    const waiting: (() => void)[] = [];

    const call = async (msg: TbMsg) => {
      const url = processPattern(urlPattern, msg);
      const h: Record<string, string> = {};
      for (const [k, v] of Object.entries(headers)) h[processPattern(k, msg)] = processPattern(v, msg);
      if (auth) h.Authorization = auth;
      let res: Response;
      try {
        res = await guardedFetch(
          url,
          {
            method,
            headers: h,
            body: WITHOUT_BODY.has(method) ? undefined : msg.data,
            signal: AbortSignal.timeout(timeoutMs),
          },
          init.services.restAllowPrivateNetworks,
        );
      } catch (err) {
        if (err instanceof Error && err.name === 'TimeoutError')
          throw new Error(`Read timed out after ${timeoutMs} ms`, { cause: err });
        if (err instanceof TypeError && err.message === 'Invalid URL')
          throw new Error(`Invalid URL '${url}'`, { cause: err });
        throw err;
      }
      const body = await res.text();
      if (res.ok) return { relation: 'Success', msg: withResponse(msg, res, body) };
      const error = `${res.status} ${statusOf(res.status).statusReason}`;
      return { relation: 'Failure', msg: withResponse(msg, res, msg.data, { error, errorBody: body }) };
    };

    return {
      async onMsg(msg) {
        if (running >= maxParallel) await new Promise<void>((r) => waiting.push(r));
        running++;
        try {
          return await call(msg);
        } finally {
          running--;
          waiting.shift()?.();
        }
      },
    };
  },
};
