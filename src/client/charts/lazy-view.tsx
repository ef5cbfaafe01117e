import { Component, Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { ChartError, ChartLoading } from './chart-states.js';

interface BoundaryProps {
  height: number;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a chart whose code or geometry failed to load (offline, a deploy replaced the chunk). */
class ChartErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ChartError height={this.props.height} onRetry={this.props.onRetry} /> : this.props.children;
  }
}

export type ViewModule<P> = { default: ComponentType<P> };

interface LazyViewProps<P> {
  /** A module-level function importing the view, so chart.js stays out of the first bundle. */
  load: () => Promise<ViewModule<P>>;
  viewProps: P;
  height: number;
  /** Runs before a retry, to drop what failed (a failed fetch the view keeps). */
  beforeRetry?: () => void;
}

/** One attempt: its own lazy component, made once per mount. */
function Attempt<P extends object>({ load, viewProps, height }: LazyViewProps<P>) {
  const [View] = useState(() => lazy(load));
  return (
    <Suspense fallback={<ChartLoading height={height} />}>
      <View {...viewProps} />
    </Suspense>
  );
}

/**
 * Loads a chart view on first use. React.lazy keeps a failed import for good, so a retry mounts a
 * new attempt (and a fresh boundary) rather than showing the old failure again.
 */
export function LazyView<P extends object>(props: LazyViewProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    props.beforeRetry?.();
    setAttempt((count) => count + 1);
  };
  return (
    <ChartErrorBoundary key={attempt} height={props.height} onRetry={retry}>
      <Attempt {...props} />
    </ChartErrorBoundary>
  );
}
