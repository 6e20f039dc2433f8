import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDevice, credentialsOf, ok } from '../devices/devices-fixtures.ts';
import { expectError, expectForbidden, setupWorld, type World } from '../users/users-fixtures.ts';

interface Result {
  created: number;
  updated: number;
  errors: number;
  errorsList: string[];
}

let t: TestApp;
let w: World;
let tok: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await setupWorld(t);
  tok = w.tokens.tenant;
});
afterAll(() => t.close());

type Col = { type: string; key?: string };
const importDevices = (
  file: string,
  columns: Col[],
  opts: { update?: boolean; header?: boolean; delimiter?: string } = {},
  token = tok,
) =>
  t.request('POST', '/api/device/bulk_import', {
    token,
    body: {
      file,
      mapping: { columns, delimiter: opts.delimiter ?? ',', update: opts.update ?? false, header: opts.header ?? true },
    },
  });
const attrs = async (entityId: string) => {
  const rows = await t.db.query<{
    attribute_type: string;
    attribute_key: string;
    bool_v: boolean | null;
    str_v: string | null;
    long_v: number | null;
    dbl_v: number | null;
  }>(
    'SELECT attribute_type, attribute_key, bool_v, str_v, long_v, dbl_v FROM attribute_kv WHERE entity_id = $1 ORDER BY attribute_type, attribute_key',
    [entityId],
  );
  return rows.map((r) => [r.attribute_type, r.attribute_key, r.bool_v ?? r.long_v ?? r.dbl_v ?? r.str_v]);
};
const deviceByName = async (name: string) =>
  (
    await t.db.query<{ id: string; type: string; label: string | null; additional_info: Record<string, unknown> }>(
      'SELECT id, type, label, additional_info FROM device WHERE tenant_id = $1 AND name = $2',
      [w.tenantId, name],
    )
  )[0];

const COLUMNS: Col[] = [
  { type: 'NAME' },
  { type: 'TYPE' },
  { type: 'LABEL' },
  { type: 'DESCRIPTION' },
  { type: 'ACCESS_TOKEN' },
  { type: 'SHARED_ATTRIBUTE', key: 'floor' },
  { type: 'SERVER_ATTRIBUTE', key: 'ratio' },
  { type: 'SERVER_ATTRIBUTE', key: 'active' },
  { type: 'SERVER_ATTRIBUTE', key: 'note' },
  { type: 'IS_GATEWAY' },
];

describe('device bulk import', () => {
  it('imports 1,000 rows of which 10 are bad: 990 devices created, 10 errors naming their lines', async () => {
    const lines = ['name,type,label'];
    const bad = new Set([5, 100, 250, 333, 500, 501, 640, 777, 900, 999]);
    for (let i = 0; i < 1000; i++) lines.push(bad.has(i) ? `,csv-type,label ${i}` : `Bulk ${i},csv-type,label ${i}`);
    const started = Date.now();
    const res = await importDevices(lines.join('\n'), [{ type: 'NAME' }, { type: 'TYPE' }, { type: 'LABEL' }]);
    const result = await ok<Result>(res);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(result).toMatchObject({ created: 990, updated: 0, errors: 10 });
    // Row i is on line i + 2 (the header is line 1).
    expect(result.errorsList).toEqual([...bad].map((i) => `Line ${i + 2}: Device name should be specified!`));
    const count = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM device WHERE name LIKE 'Bulk %'");
    expect(count[0]!.n).toBe(990);
    expect(await deviceByName('Bulk 7')).toMatchObject({ type: 'csv-type', label: 'label 7' });
    const c = await credentialsOf(t, tok, (await deviceByName('Bulk 7'))!.id);
    expect(c.credentialsId).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  it('maps every column: token, typed shared/server attributes, description and gateway flag', async () => {
    const file = [
      'name;type;label;description;token;floor;ratio;active;note;gw',
      'Full 1;meter;L1;"First; with ""quotes""";TOKEN_FULL_1;3;0.5;TRUE;hello;true',
      'Full 2;;;;;;;;;',
    ].join('\r\n');
    const result = await ok<Result>(importDevices(`\ufeff${file}\r\n`, COLUMNS, { delimiter: ';' }));
    expect(result).toEqual({ created: 2, updated: 0, errors: 0, errorsList: [] });
    const d = (await deviceByName('Full 1'))!;
    expect(d).toMatchObject({
      type: 'meter',
      label: 'L1',
      additional_info: { description: 'First; with "quotes"', gateway: true },
    });
    expect((await credentialsOf(t, tok, d.id)).credentialsId).toBe('TOKEN_FULL_1');
    expect(await attrs(d.id)).toEqual([
      ['SERVER_SCOPE', 'active', true],
      ['SERVER_SCOPE', 'note', 'hello'],
      ['SERVER_SCOPE', 'ratio', 0.5],
      ['SHARED_SCOPE', 'floor', 3],
    ]);
    const d2 = (await deviceByName('Full 2'))!;
    expect(d2).toMatchObject({ type: 'default', label: null });
    expect(await attrs(d2.id)).toEqual([]);
  });

  it('without update, an existing name is a row error; with update, the device is updated', async () => {
    const existing = await createDevice(t, tok, { name: 'Existing', type: 'old-type', label: 'old label' });
    const file = 'name,label,floor,token\nExisting,new label,7,TOKEN_UPDATED\nFresh,f,1,\n';
    const columns: Col[] = [
      { type: 'NAME' },
      { type: 'LABEL' },
      { type: 'SHARED_ATTRIBUTE', key: 'floor' },
      { type: 'ACCESS_TOKEN' },
    ];
    const first = await ok<Result>(importDevices(file, columns));
    expect(first).toEqual({
      created: 1,
      updated: 0,
      errors: 1,
      errorsList: ['Line 2: Device with such name already exists!'],
    });
    expect((await deviceByName('Existing'))!.label).toBe('old label');
    const second = await ok<Result>(importDevices(file, columns, { update: true }));
    expect(second).toEqual({ created: 0, updated: 2, errors: 0, errorsList: [] });
    // Without a TYPE cell the device keeps its profile; the token and the attribute are set.
    expect(await deviceByName('Existing')).toMatchObject({ label: 'new label', type: 'old-type' });
    expect((await credentialsOf(t, tok, existing.id.id)).credentialsId).toBe('TOKEN_UPDATED');
    expect(await attrs(existing.id.id)).toEqual([['SHARED_SCOPE', 'floor', 7]]);
  });

  it('a bad row is rolled back on its own: the device of a row whose token is taken does not exist', async () => {
    await createDevice(t, w.tokens.other, { name: 'Token owner' }, '?accessToken=TAKEN_TOKEN');
    const file = 'Row ok 1,\nRow bad,TAKEN_TOKEN\nRow ok 2,\nRow gw,,maybe\n';
    const result = await ok<Result>(
      importDevices(file, [{ type: 'NAME' }, { type: 'ACCESS_TOKEN' }, { type: 'IS_GATEWAY' }], { header: false }),
    );
    expect(result).toEqual({
      created: 2,
      updated: 0,
      errors: 2,
      errorsList: [
        'Line 2: Device credentials are already assigned to another device!',
        "Line 4: Gateway flag must be true or false, not 'maybe'",
      ],
    });
    expect(await deviceByName('Row bad')).toBeUndefined();
    expect(await deviceByName('Row ok 2')).toBeDefined();
  });

  it('skips blank rows and keeps counting lines', async () => {
    const result = await ok<Result>(
      importDevices('name\n\nBlank 1\n , \n\nBlank 2\n', [{ type: 'NAME' }, { type: 'LABEL' }]),
    );
    expect(result).toMatchObject({ created: 2, errors: 0 });
  });

  it('refuses bad requests as a whole with a message', async () => {
    expectError(await importDevices('a\n', [{ type: 'LABEL' }]), 400, 31, 'The column mapping needs a NAME column');
    expectError(
      await importDevices('a\n', [{ type: 'NAME' }, { type: 'NAME' }]),
      400,
      31,
      'Column 2 (NAME) is mapped more than once',
    );
    expectError(
      await importDevices('a\n', [{ type: 'NAME' }, { type: 'SERVER_ATTRIBUTE' }]),
      400,
      31,
      'Column 2 (SERVER_ATTRIBUTE) needs an attribute key',
    );
    expectError(
      await importDevices('a\n', [{ type: 'NAME' }], { delimiter: '"' }),
      400,
      31,
      'The delimiter cannot be a quote or a line break',
    );
    expectError(await importDevices('name\n"unclosed\n', [{ type: 'NAME' }]), 400, 31, /never closed/);
    expectError(await importDevices('a\n', [{ type: 'COLOUR' }]), 400, 31, /columns/);
    const many = 'x\n'.repeat(50_002);
    expectError(await importDevices(many, [{ type: 'NAME' }]), 400, 31, 'The file has more than 50000 rows');
    const huge = `name\n${'y'.repeat(5 * 1024 * 1024)}\n`;
    expectError(
      await importDevices(huge, [{ type: 'NAME' }]),
      400,
      31,
      /The file is too large \(5\.0 MB\); the limit is 5 MB/,
    );
    expect(await t.db.query("SELECT 1 FROM device WHERE name = 'x'")).toHaveLength(0);
  });

  it('is for tenant administrators only', async () => {
    for (const token of [w.tokens.customer, w.tokens.sysadmin]) {
      expectForbidden(await importDevices('name\nSneaky\n', [{ type: 'NAME' }], {}, token));
    }
    expect(await deviceByName('Sneaky')).toBeUndefined();
  });
});

describe('asset bulk import', () => {
  it('creates and updates assets with attributes; device-only columns are refused', async () => {
    const columns: Col[] = [
      { type: 'NAME' },
      { type: 'TYPE' },
      { type: 'DESCRIPTION' },
      { type: 'SERVER_ATTRIBUTE', key: 'area' },
    ];
    const file = 'name,type,description,area\nBuilding A,building,Main,1200\nBuilding B,,,\n';
    const result = await ok<Result>(
      t.request('POST', '/api/asset/bulk_import', {
        token: tok,
        body: { file, mapping: { columns, delimiter: ',', update: false, header: true } },
      }),
    );
    expect(result).toEqual({
      created: 1,
      updated: 0,
      errors: 1,
      errorsList: ['Line 3: Asset type should be specified!'],
    });
    const asset = (
      await t.db.query<{ id: string; additional_info: unknown }>(
        "SELECT id, additional_info FROM asset WHERE name = 'Building A'",
      )
    )[0]!;
    expect(asset.additional_info).toEqual({ description: 'Main' });
    expect(await attrs(asset.id)).toEqual([['SERVER_SCOPE', 'area', 1200]]);
    const again = await ok<Result>(
      t.request('POST', '/api/asset/bulk_import', {
        token: tok,
        body: {
          file: 'Building A,,Renovated,1300\n',
          mapping: { columns, delimiter: ',', update: true, header: false },
        },
      }),
    );
    expect(again).toEqual({ created: 0, updated: 1, errors: 0, errorsList: [] });
    expect((await t.db.query("SELECT type, additional_info FROM asset WHERE name = 'Building A'"))[0]).toEqual({
      type: 'building',
      additional_info: { description: 'Renovated' },
    });
    expectError(
      await t.request('POST', '/api/asset/bulk_import', {
        token: tok,
        body: {
          file: 'a\n',
          mapping: {
            columns: [{ type: 'NAME' }, { type: 'ACCESS_TOKEN' }],
            delimiter: ',',
            update: false,
            header: false,
          },
        },
      }),
      400,
      31,
      'Column 2 (ACCESS_TOKEN) can only be imported for devices',
    );
  });
});
