import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('request logging', () => {
  it('never writes a password sent in the query string (POST /api/user?password=…)', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ loggerInstance: createLogger('info', sink) });
    app.post('/api/user', async () => 'ok');
    await app.inject({ method: 'POST', url: '/api/user?sendActivationMail=false&password=S3cret-pw' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/user?sendActivationMail=false&password=***');
    expect(log).not.toContain('S3cret-pw');
  });
});
