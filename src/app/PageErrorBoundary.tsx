import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logUnhandledError } from '../device/activityLog.ts';
import { ErrorScreen, isCrawler } from '../ui/ErrorPages.tsx';
import i18n from './i18n.ts';
import { PageCheckFailed } from './PageCheck.tsx';
import { UnknownRouteMiddleware } from './routeMiddleware.ts';

type Props = {
  children: ReactNode;
  /** When this changes (the user navigates), a failed page gets another try. */
  resetKey?: string;
};

/**
 * Around the routed pages, inside the shell: a page that throws shows the error panel with its
 * 'Go Back Home' button while the navigation and header stay usable.
 */
export class PageErrorBoundary extends Component<Props, { error: Error | undefined }> {
  override state = { error: undefined as Error | undefined };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: undefined });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Those are handed on to AppErrorBoundary, which logs them.
    if (passedOn(error)) return;
    console.error('Page error', error, info.componentStack);
    logUnhandledError(error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // A failed route check is the spec's fatal 404, and crawlers get no page at all: the app-wide
    // boundary decides both, as before.
    if (passedOn(error)) throw error;
    if (error instanceof UnknownRouteMiddleware)
      return (
        <ErrorScreen status={500} message={i18n.t('shell.unknownMiddleware', { name: error.middleware })} />
      );
    return <ErrorScreen status={500} message={error.message || i18n.t('errors.somethingWrong')} />;
  }
}

function passedOn(error: Error): boolean {
  return error instanceof PageCheckFailed || isCrawler();
}
