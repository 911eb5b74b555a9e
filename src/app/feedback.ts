/** Bug and feedback buttons open an external form with the spec's parameters. */

const FORM_URL = import.meta.env.VITE_FEEDBACK_FORM_URL || 'https://forms.example.com/home-service-crm';

function sessionId(): string {
  const key = 'hs.session-id';
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(key, id);
  }
  return id;
}

export function feedbackUrl(kind: 'bug' | 'feedback', name: string): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Other';
  const params = new URLSearchParams({
    type: kind,
    device: /Mobi|Android|iPhone|iPad/.test(ua) ? 'mobile' : 'desktop',
    browser,
    platform:
      (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
      navigator.platform ??
      '',
    branch: __APP_CHANNEL__,
    session: sessionId(),
    name,
  });
  return `${FORM_URL}?${params.toString()}`;
}
