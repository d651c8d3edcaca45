import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { hasToken } from '../../platform/stores/session-store';

/** The 404 page; signed out, it also offers to sign in and come back to this address. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.description')}
      extra={
        <Space>
          <Button type="primary" onClick={() => navigate('/index')} data-testid="back-home">
            {t('notFound.backHome')}
          </Button>
          {!hasToken() && (
            <Button onClick={() => navigate(`/login?redirect=${encodeURIComponent(here)}`)} data-testid="sign-in">
              {t('routes.login')}
            </Button>
          )}
        </Space>
      }
      style={{ paddingTop: '10vh' }}
      data-testid="not-found"
    />
  );
}
