/** A version to choose, its options named by the caller (the data viewer, compare, SQL console). */
export function VersionSelect({
  label,
  options,
  value,
  disabled = false,
  onVersion,
}: {
  label: string;
  options: readonly { version: number; text: string }[];
  value: number;
  disabled?: boolean;
  onVersion: (version: number) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="field-label">{label}</span>
      <select
        className="field-input w-auto"
        value={value}
        disabled={disabled}
        onChange={(e) => onVersion(Number(e.target.value))}
      >
        {options.map((o) => (
          <option key={o.version} value={o.version}>
            {o.text}
          </option>
        ))}
      </select>
    </label>
  );
}
