import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen, isCrawler } from '../ui/ErrorPages.tsx';
import i18n from './i18n.ts';
import { PageCheckFailed } from './PageCheck.tsx';

/** Unhandled errors show the error page with its one 'Go Back Home' button. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | undefined }> {
  override state = { error: undefined as Error | undefined };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Crawlers get no error page: this log line is all that happens for them.
    if (error instanceof PageCheckFailed) console.warn(error.message);
    else console.error('Unhandled error', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isCrawler()) return null;
    // Outside the app's shell: the error page is the page's main content itself.
    return (
      <main>
        {error instanceof PageCheckFailed ? (
          <ErrorScreen status={404} message={i18n.t('errors.pageNotFoundFatal', { path: error.path })} />
        ) : (
          <ErrorScreen status={500} message={error.message || i18n.t('errors.somethingWrong')} />
        )}
      </main>
    );
  }
}
