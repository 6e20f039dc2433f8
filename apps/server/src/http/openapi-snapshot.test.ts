import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The wire contract as a reviewed file: any change to a route's parameters or answer shows in the diff
// of openapi.snapshot.json. After an intended change: `npm run snapshot:openapi` (docs/api-contract.md).
it('GET /api/openapi.json matches the committed snapshot', async () => {
  const res = await t.request('GET', '/api/openapi.json');
  expect(res.statusCode).toBe(200);
  await expect(JSON.stringify(res.json(), null, 2) + '\n').toMatchFileSnapshot('../../openapi.snapshot.json');
});
