import { describe, expect, it } from 'vitest';
import { fragmentSections } from './fragment-sections';

describe('fragmentSections', () => {
  it('opens a section at each heading, with the heading as its title', () => {
    const text =
      'Shipping\n\nStandard delivery takes three days.\n\nReturns\n\nYou may return goods within 30 days of delivery.';
    expect(fragmentSections(text, null, null)).toEqual([
      { heading: 'Shipping', text: 'Standard delivery takes three days.' },
      { heading: 'Returns', text: 'You may return goods within 30 days of delivery.' },
    ]);
  });

  it('never takes a list item for a heading, however short it is before a long line', () => {
    const text = [
      'Uninstall scripts',
      'Reasons for a package removal include:',
      '• a user removed it',
      '• a dependent package was uninstalled and so this dependency is being uninstalled as well',
      '- another one',
      'Due to the lack of context, uninstall lifecycle scripts are not implemented and will not function.',
    ].join('\n\n');
    const sections = fragmentSections(text, null, null);
    expect(sections.map((s) => s.heading)).toEqual(['Uninstall scripts']);
    expect(sections[0]?.text).toContain('uninstall lifecycle scripts are not implemented');
  });

  it('never takes a command kept from a code block for a heading, but keeps a heading that names a tool', () => {
    const text = [
      'Node Modules',
      'Packages are dropped into the node_modules folder under the prefix when they are installed.',
      'node server.js > /var/log/myapp.log',
      'We would rotate our log files with logrotate, by adding the following configuration to it.',
      'npx @biomejs/biome lint ./src',
      'Runs the linter on every file of the folder and prints what it finds, rule by rule.',
    ].join('\n\n');
    const sections = fragmentSections(text, null, null);
    expect(sections.map((s) => s.heading)).toEqual(['Node Modules']);
    expect(sections[0]?.text).toContain('node server.js > /var/log/myapp.log');
    expect(sections[0]?.text).toContain('npx @biomejs/biome lint ./src');
  });
});
