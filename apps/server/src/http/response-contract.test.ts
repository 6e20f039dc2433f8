import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { registerResponseContract } from './response-contract.ts';

async function appWith(check: boolean) {
  const app = Fastify();
  registerResponseContract(app, { check });
  const schema = { response: { 200: Type.Object({ name: Type.String() }) } };
  app.get('/api/full', { schema }, async () => ({ name: 'a' }));
  app.get('/api/extra', { schema }, async () => ({ name: 'a', label: 'dropped by the schema' }));
  app.get('/api/bad', { schema }, async () => {
    throw Object.assign(new Error('nope'), { statusCode: 400 });
  });
  await app.ready();
  return app;
}

describe('response contract', () => {
  it('without the check a property the schema misses is silently dropped (why the check exists)', async () => {
    const app = await appWith(false);
    expect((await app.inject('/api/extra')).json()).toEqual({ name: 'a' });
  });

  it('with the check the same answer fails, and a complete one passes', async () => {
    const app = await appWith(true);
    const spy = console.error;
    console.error = () => {};
    try {
      expect((await app.inject('/api/extra')).statusCode).toBe(500);
    } finally {
      console.error = spy;
    }
    expect((await app.inject('/api/full')).json()).toEqual({ name: 'a' });
  });

  it('adds the shared 4xx error body to every /api route', async () => {
    const app = await appWith(true);
    const res = await app.inject('/api/bad');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'nope' });
  });
});
