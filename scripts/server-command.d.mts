export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function serverNodeArgs(entry?: string, extraFlags?: readonly string[]): string[];
