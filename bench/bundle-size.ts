// Web bundle budget (issue 3): builds the production web app into a temp folder with Vite's manifest,
// then sums the gzipped JavaScript a first visit downloads — for the sign-in page and for every lazy
// route. Budgets: sign-in ≤ 250 kB, any route ≤ 500 kB (gzip level 6, zlib's default and what nginx
// and most CDNs use). Run alone with `npm run bench -- bundle`; exits non-zero when over budget.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bundleTable, measureBundles, routeBundles, type Manifest, type Sizes } from './bundle-graph.ts';
import { RESULTS_HEADER, upsertSection } from './results-md.ts';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');

export const BUDGETS = { signInGzip: 250_000, routeGzip: 500_000 };
const GZIP_LEVEL = 6;

/** How the router nests pages (apps/web/src/app/router.tsx); a page missing here counts with the shell. */
const LAYOUT = {
  signIn: 'src/pages/login-page.tsx',
  shell: 'src/app/shell/app-shell.tsx',
  publicPages: [
    'src/pages/login-page.tsx',
    'src/pages/reset-password-request-page.tsx',
    'src/pages/reset-password-page.tsx',
    'src/pages/create-password-page.tsx',
  ],
  // The language file loads before anything renders; en_US is the default language.
  always: ['src/locale/locale.constant-en_US.json'],
  isRoute: (src: string) => src.startsWith('src/pages/') || src === 'src/app/shell/app-shell.tsx',
};

function build(outDir: string) {
  // --manifest only here: the production dist/ need not publish its chunk map.
  const res = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) throw new Error('vite build failed');
}

function sizer(outDir: string) {
  return (file: string): Sizes => {
    const bytes = fs.readFileSync(path.join(outDir, file));
    return { raw: bytes.length, gzip: gzipSync(bytes, { level: GZIP_LEVEL }).length };
  };
}

/** Builds, measures, prints and records; true when every route is within budget. */
export async function runBundleBench(): Promise<boolean> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-bundle-'));
  try {
    const t0 = performance.now();
    build(outDir);
    const buildMs = Math.round(performance.now() - t0);
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const sizeOf = sizer(outDir);
    const rows = measureBundles(routeBundles(manifest, LAYOUT), sizeOf, BUDGETS);
    const table = bundleTable(rows);
    // Where the sign-in weight is, for whoever has to bring it down.
    const signIn = rows.find((row) => row.kind === 'sign-in')!;
    const largest = signIn.files
      .map((file) => ({ file: path.basename(file), gzip: sizeOf(file).gzip }))
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map(({ file, gzip }) => `${file} ${(gzip / 1000).toFixed(1)} kB`)
      .join(', ');
    console.log(`${table}\n\nLargest sign-in files (gzip): ${largest}`);

    const date = new Date().toISOString();
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    const json = { date, node: process.version, gzipLevel: GZIP_LEVEL, budgets: BUDGETS, buildMs, rows };
    fs.writeFileSync(
      path.join(root, 'bench/results', `${date.replace(/:/g, '-')}-bundle.json`),
      JSON.stringify(json, null, 2),
    );

    const note =
      'JavaScript a first visit downloads (no cache): the entry chunk, the route chunk — inside the signed-in shell ' +
      'for signed-in pages — the en_US language file, and all their static imports; lazy imports (other routes, ' +
      `widgets) are not counted. Each file gzipped on its own at level ${GZIP_LEVEL}. CSS and fonts are not counted. ` +
      `Production build with Vite ${viteVersion()}, ${buildMs} ms.`;
    const md = path.join(root, 'bench/RESULTS.md');
    const current = fs.existsSync(md) ? fs.readFileSync(md, 'utf8') : RESULTS_HEADER;
    fs.writeFileSync(
      md,
      upsertSection(
        current,
        'Web bundle',
        `Web bundle (issue 3) — ${date.slice(0, 10)}`,
        `${note}\n\n${table}\n\nLargest sign-in files (gzip): ${largest}.`,
      ),
    );

    const over = rows.filter((row) => row.over);
    for (const row of over) console.error(`over budget: ${row.route} ${row.gzip} B gzip > ${row.budget} B`);
    return over.length === 0;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

function viteVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/vite/package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBundleBench().then(
    (ok) => process.exit(ok ? 0 : 1),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
