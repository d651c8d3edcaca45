import { useState } from 'react';
import { ColorButton } from './ColorButton';
import { LazyPart, lazyPart } from './lazy-part';

const colorPicker = lazyPart('ColorPickerPopup', () => import('./ColorPickerPopup').then((m) => m.ColorPickerPopup));

/**
 * The colour button; antd's colour picker (with its slider and number inputs) loads the first time
 * it is pressed, and opens then (shell/ColorPickerPopup.tsx).
 */
export function ColorSwitch() {
  const [wanted, setWanted] = useState(false);
  const button = (
    <span>
      <ColorButton onClick={() => setWanted(true)} />
    </span>
  );
  if (!wanted) return button;
  return <LazyPart chunk={colorPicker} props={{}} fallback={button} />;
}
