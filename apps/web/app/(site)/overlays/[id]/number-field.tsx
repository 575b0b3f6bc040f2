"use client";

import styles from "./overlay-editor.module.css";

/**
 * The editor's number input (layer and text-style properties): applies while typing, ignores what is not a number
 * yet, or one outside [min, max] when they are given. Its id is `id`, or prop-<label in lower case>.
 */
export function NumberField({
  id,
  label,
  value,
  onValue,
  min,
  max,
  step = 1,
}: {
  id?: string;
  label: string;
  value: number;
  onValue: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
}) {
  const inputId = id ?? `prop-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="number"
        value={value}
        min={min}
        max={max}
        step={step}
        onChange={(event) => {
          const next = event.target.valueAsNumber;
          if (Number.isFinite(next) && (min === undefined || next >= min) && (max === undefined || next <= max)) onValue(next);
        }}
      />
    </div>
  );
}
