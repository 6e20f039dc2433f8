// Translation keys for the time window's enumerations, written out so the locale test finds them.
import type { AggregationType, QuickInterval } from '@sapo/common';

export const AGGREGATION_LABELS: Readonly<Record<AggregationType, string>> = {
  NONE: 'aggregation.none',
  AVG: 'aggregation.avg',
  MIN: 'aggregation.min',
  MAX: 'aggregation.max',
  SUM: 'aggregation.sum',
  COUNT: 'aggregation.count',
};

/** The aggregation select's order (2-calls §3.10 lists MIN, MAX, AVG, SUM, COUNT, NONE). */
export const AGGREGATION_ORDER: readonly AggregationType[] = ['NONE', 'AVG', 'MIN', 'MAX', 'SUM', 'COUNT'];

export const QUICK_INTERVAL_LABELS: Readonly<Record<QuickInterval, string>> = {
  YESTERDAY: 'timeinterval.predefined.yesterday',
  DAY_BEFORE_YESTERDAY: 'timeinterval.predefined.day-before-yesterday',
  THIS_DAY_LAST_WEEK: 'timeinterval.predefined.this-day-last-week',
  PREVIOUS_WEEK: 'timeinterval.predefined.previous-week',
  PREVIOUS_WEEK_ISO: 'timeinterval.predefined.previous-week-iso',
  PREVIOUS_MONTH: 'timeinterval.predefined.previous-month',
  PREVIOUS_YEAR: 'timeinterval.predefined.previous-year',
  CURRENT_HOUR: 'timeinterval.predefined.current-hour',
  CURRENT_DAY: 'timeinterval.predefined.current-day',
  CURRENT_DAY_SO_FAR: 'timeinterval.predefined.current-day-so-far',
  CURRENT_WEEK: 'timeinterval.predefined.current-week',
  CURRENT_WEEK_ISO: 'timeinterval.predefined.current-week-iso',
  CURRENT_WEEK_SO_FAR: 'timeinterval.predefined.current-week-so-far',
  CURRENT_WEEK_ISO_SO_FAR: 'timeinterval.predefined.current-week-iso-so-far',
  CURRENT_MONTH: 'timeinterval.predefined.current-month',
  CURRENT_MONTH_SO_FAR: 'timeinterval.predefined.current-month-so-far',
  CURRENT_YEAR: 'timeinterval.predefined.current-year',
  CURRENT_YEAR_SO_FAR: 'timeinterval.predefined.current-year-so-far',
};

export const TAB_LABELS: Readonly<Record<'REALTIME' | 'HISTORY', string>> = {
  REALTIME: 'timewindow.realtime',
  HISTORY: 'timewindow.history',
};
