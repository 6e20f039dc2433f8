import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { restApiCallNode } from './rest-api-call.node.ts';
import { msg, relations, startNode, testServices } from './node-test-kit.ts';

let t: TestApp;
let server: Server;
let base: string;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
const tenantId = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/fail')) {
        res.writeHead(503, 'Busy', { 'content-type': 'text/plain' }).end('try later');
      } else if (req.url?.startsWith('/hop')) {
        res.writeHead(302, { location: '/api/ok' }).end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'x-reply': 'yes' }).end(JSON.stringify({ got: body }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await t.close();
});

const config = (over: Record<string, unknown>) => ({ ...restApiCallNode.defaultConfiguration, ...over });

describe('rest api call node', () => {
  it('posts the message data and returns the response with status metadata', async () => {
    const n = await startNode(
      restApiCallNode,
      testServices(t, { restAllowPrivateNetworks: true }),
      tenantId,
      config({
        restEndpointUrlPattern: `${base}/api/\${deviceName}`,
        headers: { 'X-Device': '${deviceName}' },
        credentials: { type: 'basic', username: 'u', password: 'p' },
      }),
    );
    const outs = await n.send(msg({ metaData: { deviceName: 'Thermo1' }, data: { temperature: 21 } }));
    expect(relations(outs)).toEqual(['Success']);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/api/Thermo1', body: '{"temperature":21}' });
    expect(last.headers['x-device']).toBe('Thermo1');
    expect(last.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    const out = outs[0]!.msg;
    expect(JSON.parse(out.data)).toEqual({ got: '{"temperature":21}' });
    expect(out.metaData).toMatchObject({
      deviceName: 'Thermo1',
      statusCode: '200',
      status: 'OK',
      statusReason: 'OK',
      'x-reply': 'yes',
    });
  });

  it('sends a non-2xx answer to Failure with the error in metadata', async () => {
    const n = await startNode(
      restApiCallNode,
      testServices(t, { restAllowPrivateNetworks: true }),
      tenantId,
      config({
        restEndpointUrlPattern: `${base}/fail`,
        requestMethod: 'GET',
      }),
    );
    const m = msg({ data: { a: 1 } });
    const outs = await n.send(m);
    expect(relations(outs)).toEqual(['Failure']);
    expect(outs[0]!.msg.metaData).toMatchObject({
      status: 'SERVICE_UNAVAILABLE',
      statusCode: '503',
      statusReason: 'Service Unavailable',
      error: '503 Service Unavailable',
      errorBody: 'try later',
    });
    expect(outs[0]!.msg.data).toBe(m.data);
    expect(seen.at(-1)!.body).toBe('');
  });

  it('follows redirects', async () => {
    const n = await startNode(
      restApiCallNode,
      testServices(t, { restAllowPrivateNetworks: true }),
      tenantId,
      config({
        restEndpointUrlPattern: `${base}/hop`,
        requestMethod: 'GET',
      }),
    );
    expect(relations(await n.send(msg({})))).toEqual(['Success']);
    expect(seen.at(-1)!.url).toBe('/api/ok');
  });

  it.each(['http://127.0.0.1:1/x', 'http://10.1.2.3/x', 'http://[::1]:1/x', 'http://localhost:1/x', 'live'])(
    'refuses %s by default',
    async (url) => {
      const before = seen.length;
      const target = url === 'live' ? `${base}/api/ok` : url; // the running local server too
      const n = await startNode(restApiCallNode, testServices(t), tenantId, config({ restEndpointUrlPattern: target }));
      await expect(n.send(msg({}))).rejects.toThrow('Requests to private or loopback addresses are not allowed');
      expect(seen.length).toBe(before);
    },
  );

  it('rejects a configuration without URL or with an unknown method', async () => {
    await expect(
      startNode(restApiCallNode, testServices(t), tenantId, config({ restEndpointUrlPattern: '' })),
    ).rejects.toThrow('Endpoint URL pattern is required');
    await expect(
      startNode(restApiCallNode, testServices(t), tenantId, config({ requestMethod: 'FETCH' })),
    ).rejects.toThrow("Unsupported request method 'FETCH'");
  });
});
