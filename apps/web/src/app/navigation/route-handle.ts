import type { Authority } from '@sapo/common';

/** Breadcrumb data a route may carry (spec 1-client §2.5). */
export interface BreadcrumbData {
  /** Translation key; defaults to the home label. */
  label?: string;
  /** Material icon name or 'mdi:<name>'; defaults to 'home'. */
  icon?: string;
  /** Leaves this route out of the trail (layout routes, redirects). */
  skip?: boolean;
}

/** Route `handle` data read by the root layout, the shell and the guard. */
export interface RouteHandle {
  /** Translation key of the page title ('SAPO Dashboard | {title}'). */
  title?: string;
  breadcrumb?: BreadcrumbData;
  /** Only these authorities may open the route; others get the forbidden dialog (spec §4.2 step 4). */
  auth?: readonly Authority[];
  /** The page reads the toolbar search box (shown only then, spec §2.5). */
  search?: boolean;
}
