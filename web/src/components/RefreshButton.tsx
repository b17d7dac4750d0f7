import { ButtonIcon } from "./ButtonIcon";

/** A small Refresh button: it asks the server again (a catalog page, the API usage dashboard). */
export function RefreshButton({
  label,
  onClick,
  disabled,
  testId,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      <ButtonIcon path="M16 10a6 6 0 1 1-1.8-4.3M16 3.5v3.2h-3.2" />
      <span>{label}</span>
    </button>
  );
}
