/** The widget's icons, drawn with DOM calls (no markup strings): 24×24, stroked in currentColor. */

const SVG_NS = 'http://www.w3.org/2000/svg';

const PATHS = {
  chat: [
    'M20.5 11.5a8 8 0 0 1-8 8 8.1 8.1 0 0 1-3.6-.85L4 20l1.3-4.3A8 8 0 1 1 20.5 11.5z',
    'M8.5 11.5h.01M12.5 11.5h.01M16.5 11.5h.01',
  ],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  chevronDown: ['M6 9l6 6 6-6'],
  send: ['M12 19V5', 'M5.5 11.5 12 5l6.5 6.5'],
} as const;

export type IconName = keyof typeof PATHS;

export function icon(name: IconName): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '24');
  svg.setAttribute('height', '24');
  svg.setAttribute('fill', 'none');
  svg.setAttribute('stroke', 'currentColor');
  svg.setAttribute('stroke-width', '2');
  svg.setAttribute('stroke-linecap', 'round');
  svg.setAttribute('stroke-linejoin', 'round');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  for (const d of PATHS[name]) {
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d);
    svg.appendChild(path);
  }
  return svg;
}
