/** Why a script call failed; `message` is what a person reads (debug events, test dialog). */
export type ScriptFailure = 'error' | 'timeout' | 'oom' | 'result' | 'crash' | 'overload' | 'blacklisted' | 'limit';

export class ScriptError extends Error {
  constructor(
    readonly kind: ScriptFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ScriptError';
  }
}
