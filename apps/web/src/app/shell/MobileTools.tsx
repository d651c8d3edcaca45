import { EllipsisOutlined } from '@ant-design/icons';
import { Drawer } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HeaderButton } from './HeaderButton';
import { useHeaderTools } from './HeaderTools';
import { UserMenu } from './UserMenu';

/**
 * The phone's header has room for one button beside the menu: it opens every header tool in a
 * drawer, each with its name, and the user menu (settings, log out) on top. A tool that leads
 * elsewhere (search, the log, settings) closes the drawer on its way.
 */
export function MobileTools({ onSearch }: { onSearch(): void }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const tools = useHeaderTools(() => {
    setOpen(false);
    onSearch();
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the drawer
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <HeaderButton
        tooltip={false}
        icon={<EllipsisOutlined />}
        label={t('mobile.tools')}
        aria-expanded={open}
        testId="header-tools-toggle"
        onClick={() => setOpen(true)}
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('mobile.toolsTitle')}
        placement="right"
        size="min(320px, 100vw)"
        className="mobile-tools"
      >
        <div data-testid="header-tools">
          <div className="mobile-tools-user">
            <UserMenu />
          </div>
          <ul className="mobile-tools-list">
            {tools.map((tool) => (
              <li key={tool.key}>
                {/* The whole row works as the tool's button: a label passes its clicks to the button inside. */}
                {/* biome-ignore lint/a11y/noLabelWithoutControl: its control is the tool's own button, inside it */}
                <label className="mobile-tool" data-testid={`mobile-tool-${tool.key}`}>
                  <span className="mobile-tool-label">{tool.label}</span>
                  {tool.control}
                </label>
              </li>
            ))}
          </ul>
        </div>
      </Drawer>
    </>
  );
}
