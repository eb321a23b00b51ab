import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './route-error-page';

/** Catches a page that fails to render or whose code cannot load, and shows the error page. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
