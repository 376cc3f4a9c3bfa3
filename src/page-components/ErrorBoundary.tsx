import { Component, type ReactNode } from 'react';

interface Props {
  /** Named in the log line, to find the failing component's configuration. */
  label: string;
  children: ReactNode;
}

/** One failing page component must not take the page down: it renders nothing. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error(`page component ${this.props.label} failed`, error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
