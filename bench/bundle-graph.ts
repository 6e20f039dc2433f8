// Pure part of the bundle-size bench: which files a browser downloads for a route, read from Vite's
// build manifest (https://vite.dev/guide/backend-integration), and how those sizes compare to budgets.

/** One record of `.vite/manifest.json`, keyed by source path (or `_name-hash.js` for shared chunks). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Static imports: fetched (modulepreloaded) together with the chunk. */
  imports?: string[];
  /** import() targets: fetched only when that code runs, so not part of this chunk's cost. */
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface Sizes {
  raw: number;
  gzip: number;
}

/** Manifest keys reachable from `start` through static imports, `start` included, in visit order. */
export function staticClosure(manifest: Manifest, start: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest has no chunk '${key}'`);
    seen.add(key);
    queue.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

/** The distinct JavaScript files of the static closure of `start` (CSS, fonts and images are left out). */
export function javascriptFiles(manifest: Manifest, start: readonly string[]): string[] {
  const files = staticClosure(manifest, start).map((key) => manifest[key]!.file);
  return [...new Set(files)].filter((file) => file.endsWith('.js') || file.endsWith('.mjs'));
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry chunk, found ${entries.length}`);
  return entries[0]!;
}

export interface RouteLayout {
  /** Source path of the sign-in page's lazy chunk. */
  signIn: string;
  /** Source path of the signed-in shell (a lazy layout route every signed-in page renders inside). */
  shell: string;
  /** Source paths of pages rendered outside the shell. A page not listed is counted with the shell: the safe side. */
  publicPages: readonly string[];
  /** Chunks every page needs besides its own, e.g. the default language file. */
  always: readonly string[];
  /** Which lazy chunks are routes (pages), as opposed to widgets, editors or language files. */
  isRoute: (src: string) => boolean;
}

export interface RouteBundle {
  route: string;
  kind: 'sign-in' | 'route';
  files: string[];
}

/**
 * What a first visit to each route downloads: the entry and its static imports, the route's lazy chunk
 * (plus the shell for signed-in pages) and their static imports, and the `always` chunks.
 */
export function routeBundles(manifest: Manifest, layout: RouteLayout): RouteBundle[] {
  const entry = entryKey(manifest);
  const present = (keys: readonly string[]) => keys.filter((key) => key in manifest);
  const always = present(layout.always);
  const bundles: RouteBundle[] = [
    { route: layout.signIn, kind: 'sign-in', files: javascriptFiles(manifest, [entry, layout.signIn, ...always]) },
  ];
  const routes = Object.keys(manifest)
    .filter(
      (key) => key !== layout.signIn && manifest[key]!.isDynamicEntry && layout.isRoute(manifest[key]!.src ?? key),
    )
    .sort();
  for (const route of routes) {
    const withShell = route !== layout.shell && !layout.publicPages.includes(route) && route in manifest;
    const start = [entry, ...(withShell ? present([layout.shell]) : []), route, ...always];
    bundles.push({ route, kind: 'route', files: javascriptFiles(manifest, start) });
  }
  return bundles;
}

export interface Budgets {
  signInGzip: number;
  routeGzip: number;
}

export interface BundleRow extends RouteBundle, Sizes {
  budget: number;
  over: boolean;
}

/** Sums each route's file sizes (every file is compressed on its own, as a server sends it) and checks the budget. */
export function measureBundles(
  bundles: readonly RouteBundle[],
  sizeOf: (file: string) => Sizes,
  budgets: Budgets,
): BundleRow[] {
  return bundles.map((bundle) => {
    const sizes = bundle.files.map(sizeOf);
    const raw = sizes.reduce((sum, size) => sum + size.raw, 0);
    const gzip = sizes.reduce((sum, size) => sum + size.gzip, 0);
    const budget = bundle.kind === 'sign-in' ? budgets.signInGzip : budgets.routeGzip;
    return { ...bundle, raw, gzip, budget, over: gzip > budget };
  });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** A Markdown table, largest route first after the sign-in row. */
export function bundleTable(rows: readonly BundleRow[]): string {
  const ordered = [...rows].sort((a, b) => (a.kind === b.kind ? b.gzip - a.gzip : a.kind === 'sign-in' ? -1 : 1));
  const lines = ['| route | JS files | raw | gzip | budget (gzip) | |', '|---|---:|---:|---:|---:|---|'];
  for (const row of ordered) {
    const name = row.kind === 'sign-in' ? `**sign-in** (\`${row.route}\`)` : `\`${row.route}\``;
    lines.push(
      `| ${name} | ${row.files.length} | ${kB(row.raw)} | ${kB(row.gzip)} | ${kB(row.budget)} | ${row.over ? 'OVER' : 'ok'} |`,
    );
  }
  return lines.join('\n');
}
