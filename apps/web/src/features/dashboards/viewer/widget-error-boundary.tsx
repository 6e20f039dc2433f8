import { Component, type ReactNode } from 'react';
import { WidgetMessage } from '../widgets/shared/widget-message';

interface State {
  failed: boolean;
}

/** One widget failing to draw (bad settings in an imported JSON) must not take the dashboard down. */
export class WidgetErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    // New settings or data shape: try again.
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <WidgetMessage text="widget.render-error" /> : this.props.children;
  }
}
