import './plain.css';

/** antd's large `Spin` drawn without antd: for the screens that wait for antd's chunk to arrive. */
export function Spinner({ label }: { label?: string }) {
  return (
    <span className="plain-spin" role="status" aria-label={label} aria-busy="true">
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}

/** The spinner in the middle of the screen. */
export function ScreenSpinner() {
  return (
    <div className="plain-screen-center">
      <Spinner />
    </div>
  );
}
