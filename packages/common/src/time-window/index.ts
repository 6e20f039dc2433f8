/** The dashboard time window: types, stored form, defaults, quick intervals, limits, resolution. */
export * from './time-window-types.ts';
export * from './time-window-json.ts';
export * from './time-window-defaults.ts';
export * from './zoned-time.ts';
export * from './quick-intervals.ts';
export * from './intervals.ts';
export * from './resolve.ts';
