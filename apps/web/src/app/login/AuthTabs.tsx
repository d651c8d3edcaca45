import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface AuthTab<K extends string> {
  key: K;
  label: string;
  content: ReactNode;
}

/**
 * The sign-in / register switch. A small WAI-ARIA tab list of our own: antd's Tabs pulls in its
 * overflow menu and dropdown, which doubled the sign-in page's JavaScript for two fixed tabs.
 * Arrow keys, Home and End move between tabs, as the tabs pattern prescribes.
 */
export function AuthTabs<K extends string>(props: { tabs: AuthTab<K>[]; active: K; onChange: (key: K) => void }) {
  const { tabs, active, onChange } = props;
  const id = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const tab = next === undefined ? undefined : tabs[next];
    if (next === undefined || !tab) return;
    event.preventDefault();
    onChange(tab.key);
    buttons.current[next]?.focus();
  };

  return (
    <div className="auth-tabs">
      <div role="tablist" className="auth-tabs-list">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.key}-tab`}
            aria-selected={tab.key === active}
            aria-controls={`${id}-${tab.key}-panel`}
            tabIndex={tab.key === active ? 0 : -1}
            className={tab.key === active ? 'auth-tab is-active' : 'auth-tab'}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) =>
        tab.key === active ? (
          <div
            key={tab.key}
            role="tabpanel"
            id={`${id}-${tab.key}-panel`}
            aria-labelledby={`${id}-${tab.key}-tab`}
            className="auth-tabs-panel"
          >
            {tab.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
