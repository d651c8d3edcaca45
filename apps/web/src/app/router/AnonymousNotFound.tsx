import { useTranslation } from 'react-i18next';
import { AntdProviders } from '../AntdProviders';
import { NotFoundPage } from '../error/NotFoundPage';
import { useDocumentTitle } from './DocumentTitle';

/** The 404 page of a signed-out visitor, with antd's providers it is drawn with (a chunk of its own). */
export default function AnonymousNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('common:routes.notFound'));
  return (
    <AntdProviders>
      <NotFoundPage />
    </AntdProviders>
  );
}
