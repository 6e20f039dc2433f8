import LinearProgress from '@mui/material/LinearProgress';

/** A thin bar pinned to the top of the viewport: the app's "something is loading" signal. */
export function PageProgress({ label }: { label?: string }) {
  return (
    <LinearProgress
      aria-label={label ?? 'Loading'}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    />
  );
}
