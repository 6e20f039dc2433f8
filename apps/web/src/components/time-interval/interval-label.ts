import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { durationSegments, type IntervalPart } from './model/time-interval-model';

// Literal keys (not built at run time) so the locale test can find them.
const COUNT_KEYS: Readonly<Record<IntervalPart, string>> = {
  days: 'timeinterval.days',
  hours: 'timeinterval.hours',
  minutes: 'timeinterval.minutes',
  seconds: 'timeinterval.seconds',
};
const BARE_KEYS: Readonly<Record<IntervalPart, string>> = {
  days: 'timeinterval.day',
  hours: 'timeinterval.hour',
  minutes: 'timeinterval.minute',
  seconds: 'timeinterval.second',
};

/**
 * Words for a duration: "5 minutes", "1 day 2 hours". With `bare`, a leading count of exactly 1 is
 * dropped ("last minute"), as durations display in 1-client §9.
 */
export function useIntervalLabel(): (ms: number, options?: { bare?: boolean }) => string {
  const { t } = useTranslation();
  return useCallback(
    (ms, options) => {
      const { segments, bareLeading } = durationSegments(ms);
      return segments
        .map(({ part, count }, i) =>
          i === 0 && bareLeading && options?.bare ? t(BARE_KEYS[part]) : t(COUNT_KEYS[part], { count }),
        )
        .join(' ');
    },
    [t],
  );
}
