import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes brotli and gzip copies of big scripts and styles only, which decompress to the original', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const js = 'export const x = 1;\n'.repeat(200);
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), js);
    fs.writeFileSync(path.join(dir, 'assets', 'tiny-2.js'), 'export {};');
    fs.writeFileSync(path.join(dir, 'assets', 'font-3.woff2'), Buffer.alloc(4096));
    expect(await precompressDir(dir)).toBe(1);
    const br = fs.readFileSync(path.join(dir, 'assets', 'app-1.js.br'));
    const gz = fs.readFileSync(path.join(dir, 'assets', 'app-1.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(js);
    expect(zlib.gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(js.length / 5);
    expect(fs.existsSync(path.join(dir, 'assets', 'tiny-2.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'assets', 'font-3.woff2.gz'))).toBe(false);
  });
});
