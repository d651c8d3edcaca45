import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Full screen on and off; follows the browser's own exit (Esc, F11) through `fullscreenchange`. */
export function FullscreenToggle() {
  const { t } = useTranslation('shell');
  const [active, setActive] = useState(() => !!document.fullscreenElement);

  useEffect(() => {
    const onChange = () => setActive(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // Refused by the browser (iframe policy, no user gesture): nothing changes.
    }
  };

  const label = active ? t('header.exitFullscreen') : t('header.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="header-button"
        icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={label}
        data-testid="fullscreen-toggle"
        data-active={active}
        onClick={toggle}
      />
    </Tooltip>
  );
}
