import { Button, type ButtonProps, Tooltip, type TooltipProps } from 'antd';

type Props = Omit<ButtonProps, 'type' | 'className' | 'aria-label'> & {
  /** What the button does: its accessible name and, unless `tooltip` is false, its tooltip. */
  label: string;
  testId: string;
  /** Where the tooltip shows (`bottom` keeps it clear of the header's neighbours); false: none. */
  tooltip?: TooltipProps['placement'] | false;
  /** Shuts the tooltip while the button's own popup is open (`useTooltipWhileClosed`). */
  tooltipOpen?: boolean | undefined;
};

/**
 * An icon button of the header bar: text style, the header's size, named for screen readers by
 * the same words its tooltip shows. Props a wrapping dropdown or picker hands it reach the button.
 */
export function HeaderButton({ label, testId, tooltip, tooltipOpen, ...button }: Props) {
  const control = <Button type="text" className="header-button" aria-label={label} data-testid={testId} {...button} />;
  if (tooltip === false) return control;
  return (
    <Tooltip title={label} placement={tooltip} open={tooltipOpen}>
      {control}
    </Tooltip>
  );
}
