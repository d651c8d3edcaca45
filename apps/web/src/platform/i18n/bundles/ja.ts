// One chunk per language: the browser downloads only the language it shows.
export default import.meta.glob<Record<string, unknown>>('../locales/ja/*.json', { eager: true, import: 'default' });
