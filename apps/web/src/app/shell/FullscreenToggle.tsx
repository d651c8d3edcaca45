import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderButton } from './HeaderButton';

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
    <HeaderButton
      icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      label={label}
      testId="fullscreen-toggle"
      data-active={active}
      onClick={toggle}
    />
  );
}
