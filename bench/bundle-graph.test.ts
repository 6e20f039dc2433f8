import { describe, expect, it } from 'vitest';
import {
  bundleTable,
  javascriptFiles,
  measureBundles,
  routeBundles,
  staticClosure,
  type Manifest,
  type RouteLayout,
} from './bundle-graph.ts';

// Shaped like a real Vite 8 manifest: pages import the entry back (shared runtime) and shared chunks.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    src: 'index.html',
    imports: ['_react-b.js'],
    dynamicImports: ['src/pages/login-page.tsx', 'src/app/shell/app-shell.tsx', 'src/pages/home-page.tsx'],
    css: ['assets/index-a.css'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_mui-c.js': { file: 'assets/mui-c.js', imports: ['_react-b.js'] },
  '_form-d.js': { file: 'assets/form-d.js', imports: ['_mui-c.js'] },
  '_charts-e.js': { file: 'assets/charts-e.js' },
  '_font.woff2': { file: 'assets/roboto.woff2' },
  'src/pages/login-page.tsx': {
    file: 'assets/login-page-f.js',
    src: 'src/pages/login-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_form-d.js'],
  },
  'src/app/shell/app-shell.tsx': {
    file: 'assets/app-shell-g.js',
    src: 'src/app/shell/app-shell.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_mui-c.js'],
  },
  'src/pages/home-page.tsx': {
    file: 'assets/home-page-h.js',
    src: 'src/pages/home-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_mui-c.js', '_font.woff2'],
    dynamicImports: ['src/widgets/chart.tsx'],
  },
  'src/pages/reset-password-page.tsx': {
    file: 'assets/reset-i.js',
    src: 'src/pages/reset-password-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_form-d.js'],
  },
  'src/widgets/chart.tsx': {
    file: 'assets/chart-j.js',
    src: 'src/widgets/chart.tsx',
    isDynamicEntry: true,
    imports: ['_charts-e.js'],
  },
  'src/locale/locale.constant-en_US.json': {
    file: 'assets/en-k.js',
    src: 'src/locale/locale.constant-en_US.json',
    isDynamicEntry: true,
  },
};

const layout: RouteLayout = {
  signIn: 'src/pages/login-page.tsx',
  shell: 'src/app/shell/app-shell.tsx',
  publicPages: ['src/pages/login-page.tsx', 'src/pages/reset-password-page.tsx'],
  always: ['src/locale/locale.constant-en_US.json'],
  isRoute: (src) => src.startsWith('src/pages/') || src === 'src/app/shell/app-shell.tsx',
};

describe('static closure', () => {
  it('follows static imports transitively, once each, and never dynamic imports', () => {
    expect(staticClosure(manifest, ['src/pages/login-page.tsx']).sort()).toEqual(
      ['_form-d.js', '_mui-c.js', '_react-b.js', 'index.html', 'src/pages/login-page.tsx'].sort(),
    );
    expect(staticClosure(manifest, ['index.html'])).toEqual(['index.html', '_react-b.js']);
  });

  it('keeps only JavaScript files', () => {
    expect(javascriptFiles(manifest, ['src/pages/home-page.tsx']).sort()).toEqual(
      ['assets/home-page-h.js', 'assets/index-a.js', 'assets/mui-c.js', 'assets/react-b.js'].sort(),
    );
  });

  it('fails loudly on a key the manifest does not have', () => {
    expect(() => staticClosure(manifest, ['src/pages/nope.tsx'])).toThrow(/nope/);
  });
});

describe('route bundles', () => {
  const byRoute = Object.fromEntries(routeBundles(manifest, layout).map((b) => [b.route, b]));

  it('sign-in: entry, login chunk, the language file and their static imports — no shell', () => {
    expect(byRoute['src/pages/login-page.tsx']?.kind).toBe('sign-in');
    expect(byRoute['src/pages/login-page.tsx']?.files.sort()).toEqual(
      [
        'assets/en-k.js',
        'assets/form-d.js',
        'assets/index-a.js',
        'assets/login-page-f.js',
        'assets/mui-c.js',
        'assets/react-b.js',
      ].sort(),
    );
  });

  it('signed-in pages include the shell; public pages and non-route chunks do not', () => {
    expect(byRoute['src/pages/home-page.tsx']?.files).toContain('assets/app-shell-g.js');
    expect(byRoute['src/pages/home-page.tsx']?.files).not.toContain('assets/chart-j.js');
    expect(byRoute['src/pages/reset-password-page.tsx']?.files).not.toContain('assets/app-shell-g.js');
    expect(Object.keys(byRoute).sort()).toEqual(
      [
        'src/app/shell/app-shell.tsx',
        'src/pages/home-page.tsx',
        'src/pages/login-page.tsx',
        'src/pages/reset-password-page.tsx',
      ].sort(),
    );
  });

  it('a page not listed as public is counted with the shell (the safe side)', () => {
    const strict = routeBundles(manifest, { ...layout, publicPages: ['src/pages/login-page.tsx'] });
    expect(strict.find((b) => b.route === 'src/pages/reset-password-page.tsx')?.files).toContain(
      'assets/app-shell-g.js',
    );
  });
});

describe('budgets', () => {
  const sizes: Record<string, number> = { 'assets/index-a.js': 100, 'assets/react-b.js': 50, 'assets/mui-c.js': 80 };
  const sizeOf = (file: string) => ({ raw: (sizes[file] ?? 10) * 3, gzip: sizes[file] ?? 10 });

  it('sums the gzip size of every file and compares it with the budget of its kind', () => {
    const rows = measureBundles(
      [
        { route: 'login', kind: 'sign-in', files: ['assets/index-a.js', 'assets/react-b.js'] },
        { route: 'home', kind: 'route', files: ['assets/index-a.js', 'assets/react-b.js', 'assets/mui-c.js'] },
      ],
      sizeOf,
      { signInGzip: 150, routeGzip: 200 },
    );
    expect(rows.map(({ route, gzip, raw, budget, over }) => ({ route, gzip, raw, budget, over }))).toEqual([
      { route: 'login', gzip: 150, raw: 450, budget: 150, over: false },
      { route: 'home', gzip: 230, raw: 690, budget: 200, over: true },
    ]);
    expect(bundleTable(rows)).toMatch(/\*\*sign-in\*\*.*\| ok \|\n\| `home` .*\| OVER \|$/);
  });
});
