/** The building model: what a device is and where it is (docs/building-model.md). */
export * from './building-types.ts';
export * from './classify-device.ts';
export * from './building-hierarchy.ts';
export * from './meter-cycles.ts';
export * from './consumption-buckets.ts';
export * from './building-wire.ts';
