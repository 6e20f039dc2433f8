import type { WidgetPoint } from '../widgets/widget-types';
import type { ActionInput, ActionRequest } from './model/custom-action';
import type { PostSeed } from './model/post-processing';

/** One series to post-process with one function body. */
export interface PostJob {
  body: string;
  points: WidgetPoint[];
  seed: PostSeed | null;
}

export type PostResult = { points: WidgetPoint[]; last: PostSeed | null } | { error: string };

/** One click on a custom action. */
export interface ActionJob {
  body: string;
  input: ActionInput;
}

export type ActionResult = { requests: ActionRequest[] } | { error: string };

/** One call of an author's function with JSON arguments (RPC widgets' parse and convert functions). */
export interface CallJob {
  params: string[];
  body: string;
  args: unknown[];
}

export type CallResult = { value: unknown } | { error: string };

export type ScriptRequest =
  { id: number; post: PostJob[] } | { id: number; action: ActionJob } | { id: number; call: CallJob };

export type ScriptResponse =
  { id: number; post: PostResult[] } | { id: number; action: ActionResult } | { id: number; call: CallResult };
