import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/appClient.ts';
import { problemText } from '../utils/problemText.ts';
import { useOnline } from './useOnline.ts';

/**
 * A list read from the server (online only: integrations are never kept on the device), read
 * again on `reload()` and when the connection comes back.
 */
export function useServerList<T>(path: string) {
  const { t } = useTranslation();
  const online = useOnline();
  const [items, setItems] = useState<T[] | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const mounted = useRef(true);

  const reload = useCallback(() => {
    api
      .request<{ data: T[] }>(path)
      .then((answer) => {
        if (!mounted.current) return;
        setItems(answer.data);
        setProblem(undefined);
      })
      .catch((err: unknown) => mounted.current && setProblem(problemText(err, t)));
  }, [path, t]);

  useEffect(() => {
    mounted.current = true;
    if (online) reload();
    return () => {
      mounted.current = false;
    };
  }, [online, reload]);

  return { items, problem, reload, online };
}
