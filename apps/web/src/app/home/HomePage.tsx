import { APP_VERSION, CHAT_ADDRESS_PERMISSIONS, type Language, ONLINE_PERMISSIONS } from '@agent-console/contracts';
import { Avatar, Card, Col, Descriptions, Empty, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HTML_LANG } from '../../platform/i18n';
import { menuLeaves, useMenuStore } from '../../platform/stores/menu-store';
import { useSessionStore } from '../../platform/stores/session-store';
import { useCan } from '../../ui/crud/use-can';
import { menuIcon } from '../shell/menu-icons';
import { useMenuSelect } from '../shell/menu-select';
import { ModelStatusCard } from './ModelStatusCard';
import { NeedsPersonCard } from './NeedsPersonCard';
import './home.css';

/** Greeting time of day, so the page feels like it knows when you came in. */
function dayPart(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** Landing page: who you are, your customer, shortcuts to your menus, the app version. */
export function HomePage() {
  const { t, i18n } = useTranslation('home');
  const user = useSessionStore((s) => s.user);
  const tree = useMenuStore((s) => s.tree);
  const select = useMenuSelect();
  const can = useCan();
  if (!user) return null;
  const leaves = menuLeaves(tree);
  const locale = HTML_LANG[i18n.language as Language];
  return (
    <Row gutter={[16, 16]} className="home">
      <Col span={24}>
        <Card className="home-hero">
          <div className="home-hero-inner">
            <Avatar size={56} src={user.avatar ?? undefined} className="home-avatar">
              {user.nickName.slice(0, 1).toUpperCase()}
            </Avatar>
            <div className="home-hero-text">
              <h3 className="home-greeting" data-testid="home-greeting">
                {t('greeting', { name: user.nickName })}
              </h3>
              <span className="home-secondary">
                {t(`dayPart.${dayPart(new Date().getHours())}`)} {t('intro')}
              </span>
            </div>
            <div className="home-hero-stats">
              <div>
                <div className="home-stat-value" data-testid="home-customer">
                  {user.customer.name}
                </div>
                <div className="home-stat-label">{t('customer')}</div>
              </div>
              <div>
                <div className="home-stat-value">{leaves.length}</div>
                <div className="home-stat-label">{t('menuCount')}</div>
              </div>
              <div>
                <div className="home-stat-value" data-testid="home-version">
                  {APP_VERSION}
                </div>
                <div className="home-stat-label">{t('appVersion')}</div>
              </div>
            </div>
          </div>
        </Card>
      </Col>
      <Col xs={24} xl={16}>
        <Card title={t('shortcuts')} data-testid="home-shortcuts">
          {leaves.length === 0 ? (
            <Empty description={t('noShortcuts')} />
          ) : (
            <div className="home-shortcuts">
              {leaves.map(({ route, titlePath }) => (
                <button
                  type="button"
                  key={route.id}
                  className="home-shortcut"
                  data-testid={`shortcut-${route.name}`}
                  title={titlePath.join(' / ')}
                  onClick={() => select(route)}
                >
                  <span className="home-shortcut-icon">{menuIcon(route.meta.icon)}</span>
                  <span className="home-shortcut-title">{route.meta.title}</span>
                  {titlePath.length > 1 && <span className="home-shortcut-group">{titlePath[0]}</span>}
                </button>
              ))}
            </div>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        {can(CHAT_ADDRESS_PERMISSIONS.list) && (
          <div className="home-side-card">
            <NeedsPersonCard />
          </div>
        )}
        {can(ONLINE_PERMISSIONS.list) && (
          <div className="home-side-card">
            <ModelStatusCard />
          </div>
        )}
        <Card title={t('profile')}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('username')}>{user.username}</Descriptions.Item>
            <Descriptions.Item label={t('customer')}>{user.customer.name}</Descriptions.Item>
            <Descriptions.Item label={t('roles')}>
              {user.roles.length === 0
                ? t('noRoles')
                : user.roles.map((r) => (
                    <Tag key={r.id} color="blue">
                      {r.name}
                    </Tag>
                  ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('memberSince')}>
              {new Date(user.createdAt).toLocaleDateString(locale)}
            </Descriptions.Item>
            <Descriptions.Item label={t('appVersion')}>{APP_VERSION}</Descriptions.Item>
          </Descriptions>
          <p className="home-secondary home-tip">{t('searchTip')}</p>
        </Card>
      </Col>
    </Row>
  );
}
