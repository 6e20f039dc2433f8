import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useRouteError } from 'react-router';

/**
 * Last-resort screen for a route that failed to render or load. The usual cause is a lazy chunk
 * that vanished after a deploy, which a reload fixes.
 */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        {message}
      </Alert>
    </Container>
  );
}
