import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen, isCrawler } from './ErrorPages.tsx';
import i18n from './i18n.ts';

/** Unhandled errors show the error page with its one 'Go Back Home' button. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | undefined }> {
  override state = { error: undefined as Error | undefined };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (isCrawler()) return null;
    return <ErrorScreen status={500} message={this.state.error.message || i18n.t('errors.somethingWrong')} />;
  }
}
