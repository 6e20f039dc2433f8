import type { Page } from '@playwright/test';

/**
 * Collects what the Content-Security-Policy refused on a page, in every frame: the
 * `securitypolicyviolation` events (read at the end), and Chromium's console reports of refusals
 * (which also cover violations in frames whose events the page cannot read). Call before navigating.
 */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|Refused to (load|execute|evaluate|apply|connect|frame|create)/i.test(text)) {
      logged.push(`console: ${text}`);
    }
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return async () => {
    const events: string[] = [];
    for (const frame of page.frames()) {
      const list = await frame
        .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
        .catch(() => [] as string[]);
      events.push(...list.map((v) => `${frame.url()}: ${v}`));
    }
    return [...events, ...logged];
  };
}
