export declare function serverNodeArgs(entry?: string, extraFlags?: readonly string[]): string[];
