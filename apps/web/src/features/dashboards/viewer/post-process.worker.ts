/// <reference lib="webworker" />
// The only place where dashboard authors' post-processing functions run: a dedicated worker, off the
// page's thread, without the DOM, the page's storage or the user's tokens; the page ends it when a
// function runs too long (post-processor.ts).
import { POST_FUNCTION_PARAMS, postProcessPoints, type PostFunction } from './model/post-processing';
import type { PostJob, PostRequest, PostResponse, PostResult } from './post-process-protocol';

const compiled = new Map<string, PostFunction | string>();

function compile(body: string): PostFunction | string {
  let fn = compiled.get(body);
  if (fn === undefined) {
    try {
      fn = new Function(...POST_FUNCTION_PARAMS, body) as PostFunction;
    } catch (err) {
      fn = String(err);
    }
    compiled.set(body, fn);
  }
  return fn;
}

function run(job: PostJob): PostResult {
  const fn = compile(job.body);
  if (typeof fn === 'string') return { error: fn };
  try {
    return postProcessPoints(fn, job.points, job.seed);
  } catch (err) {
    return { error: String(err) };
  }
}

self.onmessage = (event: MessageEvent<PostRequest>) => {
  const { id, jobs } = event.data;
  const response: PostResponse = { id, results: jobs.map(run) };
  self.postMessage(response);
};
