// One chunk per language: the browser downloads only the language it shows.
export default import.meta.glob<Record<string, unknown>>('../locales/zh-chs/*.json', {
  eager: true,
  import: 'default',
});
