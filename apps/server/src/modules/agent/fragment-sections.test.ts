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
});
