/// <reference lib="webworker" />
// The only place where dashboard authors' functions run (data-key post-processing, custom actions,
// RPC widgets' parse and convert functions):
// a dedicated worker, off the page's thread, without the DOM, the page's storage or the user's tokens;
// the page ends it when a function runs too long (script-runner.ts).
import { CUSTOM_ACTION_PARAMS, runCustomAction, type CustomActionFunction } from './model/custom-action';
import { POST_FUNCTION_PARAMS, postProcessPoints, type PostFunction } from './model/post-processing';
import type {
  ActionJob,
  ActionResult,
  CallJob,
  CallResult,
  PostJob,
  PostResult,
  ScriptRequest,
  ScriptResponse,
} from './script-protocol';

const compiled = new Map<string, unknown>();

function compile<F>(params: readonly string[], body: string): F | string {
  const cacheKey = `${params.join(',')}\n${body}`;
  let fn = compiled.get(cacheKey);
  if (fn === undefined) {
    try {
      fn = new Function(...params, body);
    } catch (err) {
      fn = String(err);
    }
    compiled.set(cacheKey, fn);
  }
  return fn as F | string;
}

function post(job: PostJob): PostResult {
  const fn = compile<PostFunction>(POST_FUNCTION_PARAMS, job.body);
  if (typeof fn === 'string') return { error: fn };
  try {
    return postProcessPoints(fn, job.points, job.seed);
  } catch (err) {
    return { error: String(err) };
  }
}

function action(job: ActionJob): ActionResult {
  const fn = compile<CustomActionFunction>(CUSTOM_ACTION_PARAMS, job.body);
  if (typeof fn === 'string') return { error: fn };
  try {
    return { requests: runCustomAction(fn, job.input) };
  } catch (err) {
    return { error: String(err) };
  }
}

function call(job: CallJob): CallResult {
  const fn = compile<(...args: unknown[]) => unknown>(job.params, job.body);
  if (typeof fn === 'string') return { error: fn };
  try {
    // Only what survives JSON goes back to the page.
    const value = fn(...job.args);
    return { value: value === undefined ? null : (JSON.parse(JSON.stringify(value) ?? 'null') as unknown) };
  } catch (err) {
    return { error: String(err) };
  }
}

self.onmessage = (event: MessageEvent<ScriptRequest>) => {
  const request = event.data;
  const response: ScriptResponse =
    'post' in request
      ? { id: request.id, post: request.post.map(post) }
      : 'action' in request
        ? { id: request.id, action: action(request.action) }
        : { id: request.id, call: call(request.call) };
  self.postMessage(response);
};
