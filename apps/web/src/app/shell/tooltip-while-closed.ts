import { useState } from 'react';

/**
 * A header button's tooltip sits below it, exactly where its dropdown opens: left alone it stays
 * up over the first entry (the size menu's "Large" could not be clicked). The tooltip is shut for
 * as long as the popup is open.
 */
export function useTooltipWhileClosed(openAtFirst = false) {
  const [popupOpen, setPopupOpen] = useState(openAtFirst);
  return {
    /** For the Tooltip: forced shut while the popup is open, otherwise hover decides. */
    tooltipOpen: popupOpen ? false : undefined,
    /** For the Dropdown's or picker's `onOpenChange`. */
    onPopupOpenChange: setPopupOpen,
  };
}
