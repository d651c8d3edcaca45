import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

export interface RouteHandle {
  /** i18n key of the page title, e.g. `common:routes.home`. */
  titleKey?: string;
  /** The shell sets the title of its own pages (menu-driven ones carry the server's title). */
  shell?: boolean;
}

/** Sets `<product> | <page title>`; the language is a dependency, so titles follow a switch. */
export function useDocumentTitle(page: string): void {
  const { t, i18n } = useTranslation();
  const product = t('common:productName');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a trigger, not an input
  useEffect(() => {
    document.title = page ? `${product} | ${page}` : product;
  }, [page, product, i18n.language]);
}

/** Title of routes outside the shell (sign-in), from their route handle (ANCHORS §A). */
export function DocumentTitle() {
  const matches = useMatches();
  const { t } = useTranslation();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined) !== undefined)?.handle as
    | RouteHandle
    | undefined;
  if (handle?.shell) return null;
  return <TitleOf text={handle?.titleKey ? t(handle.titleKey) : ''} />;
}

function TitleOf({ text }: { text: string }) {
  useDocumentTitle(text);
  return null;
}
