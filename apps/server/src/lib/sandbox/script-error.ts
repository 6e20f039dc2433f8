/** Why a script call failed; `message` is what a person reads (debug events, test dialog). */
export type ScriptFailure =
  | 'error'
  | 'timeout'
  | 'oom'
  | 'result'
  | 'crash'
  | 'overload'
  | 'blacklisted'
  /** The tenant used up its script time (test runs are refused; rule-node calls only run apart). */
  | 'throttled'
  /** The tenant profile's monthly `maxJSExecutions` is reached. */
  | 'quota'
  | 'limit';

export class ScriptError extends Error {
  constructor(
    readonly kind: ScriptFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ScriptError';
  }
}
