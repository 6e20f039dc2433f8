import { ErrorCode } from '@sapo/common';
import { AppError, badRequest } from '../../lib/app-error.ts';
import {
  DEFAULT_ARG_NAMES,
  GENERATOR_ARG_NAMES,
  type QuickJsScriptRunner,
} from '../../lib/sandbox/quickjs-script-runner.ts';
import { ScriptError } from '../../lib/sandbox/script-error.ts';
import { filterResult, stringResult, switchResult, updateResult } from '../../lib/sandbox/script-results.ts';
import { requireAuthority, type Caller } from '../auth/caller.ts';

export interface TestScriptRequest {
  script?: string | null;
  scriptType?: string | null;
  argNames?: string[] | null;
  msgType?: string | null;
  /** The payload as JSON text (the dialog's message editor). */
  msg?: unknown;
  metadata?: unknown;
}

/** ThingsBoard's reply: `error` is "" on success, `output` is "" on failure. */
export interface TestScriptResult {
  error: string;
  output: string;
}

const pretty = (v: unknown) => JSON.stringify(v === undefined ? null : v, null, 2);

/**
 * POST /api/ruleChain/testScript: runs a node's script once on a sample message in the tenant's
 * sandbox. Script failures come back as `error` text (HTTP 200), as in ThingsBoard. Test runs do
 * not count towards a rule node's blacklist, but a tenant whose tests used up its script time or
 * kept timing out is refused for a while: 429 with errorCode 33 (TOO_MANY_REQUESTS).
 */
export class TestScriptService {
  constructor(private readonly scripts: Pick<QuickJsScriptRunner, 'invoke'>) {}

  async test(caller: Caller, req: TestScriptRequest): Promise<TestScriptResult> {
    requireAuthority(caller, 'TENANT_ADMIN');
    if (typeof req.script !== 'string') throw badRequest('Script is required');
    if (typeof req.scriptType !== 'string' || req.scriptType === '') throw badRequest('Script type is required');
    if (typeof req.msgType !== 'string' || req.msgType.trim() === '') throw badRequest('Message type is required');
    const metadata = parseMetadata(req.metadata);
    const msg = parsePayload(req.msg);
    const argNames =
      req.argNames && req.argNames.length > 0
        ? req.argNames
        : req.scriptType === 'generate'
          ? GENERATOR_ARG_NAMES
          : DEFAULT_ARG_NAMES;
    try {
      const result = await this.scripts.invoke({
        tenantId: caller.tenantId,
        script: req.script,
        args: [msg, metadata, req.msgType],
        argNames,
        test: true,
      });
      return { error: '', output: format(req.scriptType, result, { msg, metadata, msgType: req.msgType }) };
    } catch (err) {
      if (err instanceof ScriptError) {
        if (err.kind === 'throttled' || err.kind === 'blacklisted') {
          throw new AppError(ErrorCode.TOO_MANY_REQUESTS, err.message);
        }
        return { error: err.message, output: '' };
      }
      throw err;
    }
  }
}

function format(scriptType: string, result: unknown, input: Parameters<typeof updateResult>[1]): string {
  switch (scriptType) {
    case 'update':
    case 'generate':
      return pretty(updateResult(result, input));
    case 'filter':
      return String(filterResult(result));
    case 'switch':
      return pretty(switchResult(result));
    case 'json':
      return pretty(result);
    case 'string':
      return stringResult(result);
    default:
      throw new ScriptError('error', `Unsupported script type: ${scriptType}`);
  }
}

function parseMetadata(v: unknown): Record<string, string> {
  if (v === undefined || v === null) throw badRequest('Metadata is required');
  if (typeof v !== 'object' || Array.isArray(v)) throw badRequest('Metadata must be an object of string values');
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (val === null || val === undefined) continue;
    if (typeof val === 'object') throw badRequest(`Metadata value '${k}' must be a string`);
    out[k] = String(val);
  }
  return out;
}

/** The payload arrives as JSON text; a JSON value sent as is is accepted too. */
function parsePayload(v: unknown): unknown {
  if (v === undefined || v === null) throw badRequest('Payload content is required');
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    throw badRequest('Payload content must be valid JSON');
  }
}
