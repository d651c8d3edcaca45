import { LANGUAGES, type Language } from '@agent-console/contracts';
import { GlobalOutlined } from '@ant-design/icons';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../platform/i18n';
import { PlainButton } from '../../ui/plain/PlainButton';

/**
 * The sign-in page's language switch: the shell's `LanguageSwitch` (an antd dropdown) drawn
 * without antd, with the same test id, roles and texts. A WAI-ARIA menu button: arrows move,
 * Escape and a click elsewhere close.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Language;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    items.current[Math.max(0, LANGUAGES.indexOf(current))]?.focus();
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, current]);

  const choose = async (lang: Language) => {
    setOpen(false);
    await changeLanguage(lang);
  };

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step) {
      e.preventDefault();
      items.current[(index + step + LANGUAGES.length) % LANGUAGES.length]?.focus();
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="language-menu" ref={root}>
      <PlainButton
        variant="text"
        icon={<GlobalOutlined />}
        aria-label={t('common:language.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="language-switch"
        onClick={() => setOpen((o) => !o)}
      >
        {t(`common:language.${current}`)}
      </PlainButton>
      {open && (
        <div className="language-menu-list" role="menu" id={menuId}>
          {LANGUAGES.map((lang, index) => (
            <button
              key={lang}
              ref={(el) => {
                items.current[index] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={lang === current ? 'language-menu-item is-selected' : 'language-menu-item'}
              onClick={() => void choose(lang)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              {t(`common:language.${lang}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
