import { Type, type TSchema } from 'typebox';

/** ThingsBoard's PageData<T> (reference §0); the TypeScript type is `PageData<T>` in page.ts. */
export const PageDataOf = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    totalPages: Type.Integer(),
    totalElements: Type.Integer(),
    hasNext: Type.Boolean(),
  });
