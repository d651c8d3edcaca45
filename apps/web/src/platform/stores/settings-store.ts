import { create } from 'zustand';
import { readUserRecord, updateUserRecord } from './user-storage';

/** Sizes offered; `default` is the spec's default value (SPEC §9). */
export const SIZES = ['large', 'default', 'small'] as const;
export type SizeName = (typeof SIZES)[number];
export const DEFAULT_SIZE: SizeName = 'default';
export const DEFAULT_COLOR = '#409EFF';
export const COLOR_PRESETS = ['#409EFF', '#1677FF', '#13C2C2', '#52C41A', '#FA8C16', '#F5222D', '#EB2F96', '#722ED1'];
/** A single theme is offered (SPEC §3); an unknown stored name falls back to it and is re-saved. */
export const THEMES = ['classic'] as const;

interface SettingsState {
  /** Whose settings these are; empty before sign-in (defaults apply). */
  username: string;
  size: SizeName;
  color: string;
  themeName: string;
  transition: boolean;
  asideCollapsed: boolean;
  loadFor(username: string): void;
  reset(): void;
  setSize(size: SizeName): void;
  setColor(color: string): void;
  setTheme(name: string): void;
  setTransition(active: boolean): void;
  setAsideCollapsed(collapsed: boolean): void;
}

const defaults = {
  username: '',
  size: DEFAULT_SIZE,
  color: DEFAULT_COLOR,
  themeName: THEMES[0],
  transition: true,
  asideCollapsed: false,
};

const isSize = (v: string): v is SizeName => (SIZES as readonly string[]).includes(v);
const isColor = (v: string) => /^#[0-9a-f]{6}$/i.test(v);

export const useSettingsStore = create<SettingsState>((set, get) => ({
  ...defaults,

  loadFor(username) {
    const record = readUserRecord(username);
    const themeName = (THEMES as readonly string[]).includes(record.theme.activeName)
      ? record.theme.activeName
      : THEMES[0];
    set({
      username,
      size: isSize(record.size) ? record.size : DEFAULT_SIZE,
      color: isColor(record.color) ? record.color : DEFAULT_COLOR,
      themeName,
      transition: record.transition.active,
      asideCollapsed: record.menu.asideCollapse,
    });
    if (themeName !== record.theme.activeName) {
      updateUserRecord(username, (r) => {
        r.theme.activeName = themeName;
      });
    }
  },
  reset: () => set(defaults),

  setSize(size) {
    set({ size });
    updateUserRecord(get().username, (r) => {
      r.size = size;
    });
  },
  setColor(color) {
    const next = isColor(color) ? color.toUpperCase() : DEFAULT_COLOR;
    set({ color: next });
    updateUserRecord(get().username, (r) => {
      r.color = next;
    });
  },
  setTheme(name) {
    const themeName = (THEMES as readonly string[]).includes(name) ? name : THEMES[0];
    set({ themeName });
    updateUserRecord(get().username, (r) => {
      r.theme.activeName = themeName;
    });
  },
  setTransition(active) {
    set({ transition: active });
    updateUserRecord(get().username, (r) => {
      r.transition.active = active;
    });
  },
  setAsideCollapsed(collapsed) {
    set({ asideCollapsed: collapsed });
    updateUserRecord(get().username, (r) => {
      r.menu.asideCollapse = collapsed;
    });
  },
}));
